/** API types and rules of UTM templates (docs/api.md#utm-templates). */

export const UTM_TEMPLATE_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const MAX_UTM_TEMPLATE_NAME = 100;
export const MAX_UTM_VALUE = 200;
export const MAX_UTM_TEMPLATES = 100;

export interface UtmTemplate {
  id: number;
  name: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term: string;
  utm_content: string;
  created_at: string;
}

export interface UtmTemplatesResponse {
  templates: UtmTemplate[];
}

export interface UtmTemplateResponse {
  template: UtmTemplate;
}
