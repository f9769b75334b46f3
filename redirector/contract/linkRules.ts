/**
 * A link's redirect rules (docs/api.md#redirect-rules): their shape, their limits and the check
 * both the server and the link form apply, each failure naming its field (`rules[3].when[1].cidr`).
 * Matching lives in ruleMatch.ts. Pure.
 */

import { withinCharacters } from './characters';
import { parseCidr } from './ipAddress';
import {
  type LinkRule,
  RULE_DEVICES,
  RULE_TYPES,
  type RuleCondition,
  type RuleDevice,
  type RuleType,
} from './linkFields';
import { parseExpiry } from './linkOptions';
import { normaliseHttpUrl } from './urls';

export const MAX_RULES = 20;
export const MAX_RULE_CONDITIONS = 5;
export const MAX_QUERY_NAME = 100;
export const MAX_QUERY_VALUE = 500;

export type { LinkRule, RuleCondition, RuleDevice, RuleType } from './linkFields';
export { RULE_DEVICES, RULE_TYPES } from './linkFields';

export const RULES_INVALID = 'rules must be a list of {when, url}';
export const RULES_TOO_MANY = `rules: at most ${MAX_RULES} rules`;

export type RulesCheck = { ok: true; rules: LinkRule[] } | { ok: false; error: string };

/** The rules as stored, or the first problem found; null and [] both mean no rules. */
export function checkLinkRules(value: unknown): RulesCheck {
  if (value === null || value === undefined) return { ok: true, rules: [] };
  if (!Array.isArray(value)) return { ok: false, error: RULES_INVALID };
  if (value.length > MAX_RULES) return { ok: false, error: RULES_TOO_MANY };
  const rules: LinkRule[] = [];
  for (const [index, entry] of value.entries()) {
    const rule = checkRule(entry, `rules[${index}]`);
    if (typeof rule === 'string') return { ok: false, error: rule };
    rules.push(rule);
  }
  return { ok: true, rules };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkRule(entry: unknown, at: string): LinkRule | string {
  if (!isObject(entry)) return `${at} must be an object {when, url}`;
  const url = typeof entry.url === 'string' ? normaliseHttpUrl(entry.url) : undefined;
  if (url === undefined) return `${at}.url must be a valid http(s) URL`;
  const when = entry.when;
  if (!Array.isArray(when) || when.length === 0 || when.length > MAX_RULE_CONDITIONS) {
    return `${at}.when must be a list of 1 to ${MAX_RULE_CONDITIONS} conditions`;
  }
  const conditions: RuleCondition[] = [];
  for (const [index, condition] of when.entries()) {
    const checked = checkCondition(condition, `${at}.when[${index}]`);
    if (typeof checked === 'string') return checked;
    conditions.push(checked);
  }
  return { when: conditions, url };
}

function checkCondition(condition: unknown, at: string): RuleCondition | string {
  if (!isObject(condition) || !(RULE_TYPES as readonly unknown[]).includes(condition.type)) {
    return `${at}.type must be one of ${RULE_TYPES.join(', ')}`;
  }
  return CONDITION_CHECKS[condition.type as RuleType](condition, at);
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

const CONDITION_CHECKS: Record<RuleType, (condition: Record<string, unknown>, at: string) => RuleCondition | string> = {
  language(condition, at) {
    const is = text(condition.is)?.toLowerCase();
    if (is === undefined || !/^[a-z]{2,8}$/.test(is)) return `${at}.is must be a language code such as "es"`;
    return { type: 'language', is };
  },
  query(condition, at) {
    const name = text(condition.name);
    if (name === undefined || name === '' || !withinCharacters(name, MAX_QUERY_NAME)) {
      return `${at}.name must be a query parameter name of 1 to ${MAX_QUERY_NAME} characters`;
    }
    if (condition.value === undefined || condition.value === null) return { type: 'query', name };
    if (typeof condition.value !== 'string' || !withinCharacters(condition.value, MAX_QUERY_VALUE)) {
      return `${at}.value must be text of at most ${MAX_QUERY_VALUE} characters`;
    }
    return { type: 'query', name, value: condition.value };
  },
  ip(condition, at) {
    const cidr = text(condition.cidr)?.toLowerCase();
    // A zone (`fe80::1%eth0`) names an interface of the machine that wrote it: a visitor's address has none.
    if (cidr === undefined || cidr.includes('%') || parseCidr(cidr) === undefined) {
      return `${at}.cidr must be an IPv4 or IPv6 address or CIDR, such as 203.0.113.0/24 or 2001:db8::/32`;
    }
    return { type: 'ip', cidr };
  },
  country(condition, at) {
    const is = text(condition.is)?.toUpperCase();
    if (is === undefined || !/^[A-Z]{2}$/.test(is)) return `${at}.is must be a two-letter country code`;
    return { type: 'country', is };
  },
  device(condition, at) {
    const is = text(condition.is)?.toLowerCase();
    if (!(RULE_DEVICES as readonly unknown[]).includes(is)) return `${at}.is must be ${RULE_DEVICES.join(', ')}`;
    return { type: 'device', is: is as RuleDevice };
  },
  time: checkTime,
};

function checkTime(condition: Record<string, unknown>, at: string): RuleCondition | string {
  const bounds: { after?: string; before?: string } = {};
  const times: { after?: number; before?: number } = {};
  for (const bound of ['after', 'before'] as const) {
    const value = condition[bound];
    if (value === undefined || value === null || value === '') continue;
    const time = typeof value === 'string' ? parseExpiry(value) : undefined;
    if (time === undefined) return `${at}.${bound} must be an ISO 8601 date and time with its zone`;
    times[bound] = time;
    bounds[bound] = new Date(time).toISOString();
  }
  if (times.after === undefined && times.before === undefined) return `${at} needs after, before or both`;
  if (times.after !== undefined && times.before !== undefined && times.after >= times.before) {
    return `${at}.after must be earlier than its before`;
  }
  return { type: 'time', ...bounds };
}
