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

/**
 * The order of a team's templates (docs/api.md#utm-templates): by name with letters' case aside
 * ("autumn" before "Spring"), then by the name itself and by id: the same on both stores, whatever
 * a database's collation.
 */
export function byTemplateName(a: { name: string; id: number }, b: { name: string; id: number }): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}
