/** API types and rules of UTM templates (docs/api.md#utm-templates). */

export const UTM_TEMPLATE_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const MAX_UTM_TEMPLATE_NAME = 100;
export const MAX_UTM_VALUE = 200;
export const MAX_UTM_TEMPLATES = 100;

/** A template's five values, one a UTM_TEMPLATE_FIELDS name. */
export type UtmTemplateValues = Record<(typeof UTM_TEMPLATE_FIELDS)[number], string>;

export interface UtmTemplate extends UtmTemplateValues {
  id: number;
  name: string;
  created_at: string;
}

export interface UtmTemplatesResponse {
  templates: UtmTemplate[];
}

export interface UtmTemplateResponse {
  template: UtmTemplate;
}
