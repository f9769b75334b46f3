/**
 * UTM templates (docs/api.md#utm-templates): a team's named sets of the five campaign parameters,
 * which the link form writes into a target address. Names 1–100 characters, values at most 200.
 */
import type { Scope } from '../auth/scope';
import { withinCharacters } from '../contract/characters';
import {
  MAX_UTM_TEMPLATE_NAME,
  MAX_UTM_TEMPLATES,
  MAX_UTM_VALUE,
  UTM_TEMPLATE_FIELDS,
  type UtmTemplate,
} from '../contract/utmTemplates';
import { invalidInput, notFoundRule, taken } from '../ruleError';
import type { UtmTemplateFields, UtmTemplateRecord } from '../storage/repositories/utmTemplateRepository';
import type { Store } from '../storage/store';

export const TEMPLATE_NOT_FOUND = 'UTM template not found';
export const TOO_MANY_TEMPLATES = `At most ${MAX_UTM_TEMPLATES} UTM templates: delete one first`;

export interface UtmTemplateService {
  list(scope: Scope): Promise<UtmTemplate[]>;
  create(scope: Scope, body: Record<string, unknown>): Promise<UtmTemplate>;
  update(scope: Scope, id: number, body: Record<string, unknown>): Promise<UtmTemplate>;
  remove(scope: Scope, id: number): Promise<void>;
}

const toApi = (record: UtmTemplateRecord): UtmTemplate => ({
  ...record,
  created_at: new Date(record.created_at).toISOString(),
});

/** The fields `body` gives, checked; `name` required when `creating`. */
function parseFields(body: Record<string, unknown>, creating: boolean): Partial<UtmTemplateFields> {
  const fields: Partial<UtmTemplateFields> = {};
  if (body.name !== undefined || creating) {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (name === '' || !withinCharacters(name, MAX_UTM_TEMPLATE_NAME)) {
      throw invalidInput(`name must be 1 to ${MAX_UTM_TEMPLATE_NAME} characters`);
    }
    fields.name = name;
  }
  for (const field of UTM_TEMPLATE_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') throw invalidInput(`${field} must be a string`);
    const text = (value ?? '').trim();
    if (!withinCharacters(text, MAX_UTM_VALUE))
      throw invalidInput(`${field} must be at most ${MAX_UTM_VALUE} characters`);
    fields[field] = text;
  }
  return fields;
}

export function createUtmTemplateService(store: Store, clock: () => number): UtmTemplateService {
  const { utmTemplates } = store;
  return {
    async list(scope) {
      return (await utmTemplates.list(scope)).map(toApi);
    },
    async create(scope, body) {
      const fields = parseFields(body, true);
      const empty = { utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '' };
      const made = await utmTemplates.create(
        scope,
        { ...empty, ...fields } as UtmTemplateFields,
        clock(),
        MAX_UTM_TEMPLATES,
      );
      if (made === 'limit') throw taken(TOO_MANY_TEMPLATES);
      return toApi(made);
    },
    async update(scope, id, body) {
      const updated = await utmTemplates.update(scope, id, parseFields(body, false));
      if (!updated) throw notFoundRule(TEMPLATE_NOT_FOUND);
      return toApi(updated);
    },
    async remove(scope, id) {
      if (!(await utmTemplates.remove(scope, id))) throw notFoundRule(TEMPLATE_NOT_FOUND);
    },
  };
}
