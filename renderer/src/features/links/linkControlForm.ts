/**
 * The schedule, switch, archive, notes and redirect rules part of the one link form
 * (docs/api.md#schedule-and-switch, #redirect-rules): values as the inputs hold them, the client
 * checks (the server's own rules and messages, contract/linkRules.ts), the request fields and
 * whether they changed.
 */
import {
  checkLinkRules,
  type Link,
  type LinkRule,
  type LinkUpdate,
  MAX_RULE_CONDITIONS,
  MAX_RULES,
  type RuleCondition,
  type RuleType,
} from '../../../../redirector/contract';
import { isoToLocalInput, localInputToIso } from './linkOptions';

/** One condition as its inputs hold it: `value` and `extra` mean what its type says (RuleField.tsx). */
export interface ConditionRow {
  type: RuleType;
  /** language, country, device: `is`; query: `name`; ip: `cidr`; time: `after` (datetime-local). */
  value: string;
  /** query: `value`; time: `before` (datetime-local); unused otherwise. */
  extra: string;
}

export interface RuleRow {
  url: string;
  when: ConditionRow[];
}

export interface ControlValues {
  /** A datetime-local value in the browser's zone; '' for none. */
  starts_at: string;
  enabled: boolean;
  archived: boolean;
  notes: string;
  rules: RuleRow[];
}

export type ControlField = 'starts_at' | 'notes' | 'rules';
export const CONTROL_FIELDS: readonly ControlField[] = ['starts_at', 'notes', 'rules'];
export const MAX_NOTES = 2000;
export { MAX_RULE_CONDITIONS, MAX_RULES };

export const emptyControl = (): ControlValues => ({
  starts_at: '',
  enabled: true,
  archived: false,
  notes: '',
  rules: [],
});

export const newCondition = (type: RuleType = 'country'): ConditionRow => ({
  type,
  value: type === 'device' ? 'ios' : '',
  extra: '',
});

function conditionRow(condition: RuleCondition): ConditionRow {
  switch (condition.type) {
    case 'query':
      return { type: 'query', value: condition.name, extra: condition.value ?? '' };
    case 'ip':
      return { type: 'ip', value: condition.cidr, extra: '' };
    case 'time':
      return {
        type: 'time',
        value: isoToLocalInput(condition.after ?? null),
        extra: isoToLocalInput(condition.before ?? null),
      };
    default:
      return { type: condition.type, value: condition.is, extra: '' };
  }
}

export function controlFromLink(link: Link): ControlValues {
  return {
    starts_at: isoToLocalInput(link.starts_at ?? null),
    enabled: link.enabled ?? true,
    archived: link.archived ?? false,
    notes: link.notes ?? '',
    rules: (link.rules ?? []).map((rule) => ({ url: rule.url, when: rule.when.map(conditionRow) })),
  };
}

/** A row as the API takes it; its checks are the server's (checkLinkRules). */
function conditionOf(row: ConditionRow): Record<string, unknown> {
  const value = row.value.trim();
  switch (row.type) {
    case 'query':
      return row.extra === '' ? { type: 'query', name: value } : { type: 'query', name: value, value: row.extra };
    case 'ip':
      return { type: 'ip', cidr: value };
    case 'time': {
      const bounds: Record<string, string | undefined> = {
        after: value === '' ? undefined : (localInputToIso(value) ?? value),
        before: row.extra === '' ? undefined : (localInputToIso(row.extra) ?? row.extra),
      };
      return { type: 'time', ...Object.fromEntries(Object.entries(bounds).filter(([, bound]) => bound)) };
    }
    default:
      return { type: row.type, is: value };
  }
}

export function rulesOf(rows: readonly RuleRow[]): unknown[] {
  return rows.map((row) => ({ when: row.when.map(conditionOf), url: row.url.trim() }));
}

export function validateControl(values: ControlValues): Partial<Record<ControlField, string>> {
  const starts = values.starts_at;
  const rules = checkLinkRules(rulesOf(values.rules));
  return {
    starts_at: starts === '' || localInputToIso(starts) !== undefined ? undefined : 'starts_at must be a date and time',
    notes: values.notes.trim().length > MAX_NOTES ? `Notes must be at most ${MAX_NOTES} characters` : undefined,
    rules: rules.ok ? undefined : rules.error,
  };
}

export function controlInput(values: ControlValues): LinkUpdate {
  const checked = checkLinkRules(rulesOf(values.rules));
  return {
    starts_at: values.starts_at === '' ? null : (localInputToIso(values.starts_at) ?? null),
    enabled: values.enabled,
    archived: values.archived,
    notes: values.notes.trim() === '' ? null : values.notes.trim(),
    rules: checked.ok ? checked.rules : (rulesOf(values.rules) as LinkRule[]),
  };
}

/** Whether a control field sent is the link's own (the admin's edit sends only changes). */
export function sameControl(field: string, value: unknown, link: Link): boolean | undefined {
  if (field === 'rules') return JSON.stringify(value ?? []) === JSON.stringify(link.rules ?? []);
  if (field === 'starts_at')
    return isoToLocalInput((value as string | null) ?? null) === isoToLocalInput(link.starts_at);
  return undefined;
}
