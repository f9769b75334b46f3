/**
 * Which of a link's redirect rules a visit takes (docs/api.md#redirect-rules). A link's rules are
 * compiled once, when the redirect path first reads the link, into one flat list of conditions kept
 * beside the stored rules (the link cache keeps that array): times as numbers, blocks as address
 * words, each rule's conditions cheapest first, and which rules a visit without a query may take
 * (a query condition never holds without one). A visit allocates nothing: the facts that cost something (its
 * address, its language, whether its query has escapes) are read at most once per visit, into this
 * module's scratch, and only when a condition asks for them. Pure.
 */
import type { DeviceType } from './clicks';
import { type AddressFamily, type Cidr, inCidr, parseCidr, readAddress, unmapIpv4 } from './ipAddress';
import type { LinkRule, RuleCondition } from './linkRules';

/** What a visit's conditions read of the request. */
export interface RuleVisit {
  /** Epoch milliseconds. */
  now: number;
  /** The visit's query string without '?'. */
  query: string;
  acceptLanguage?: string | undefined;
}

/** What they read of the visitor. */
export interface RuleVisitor {
  country: string;
  /** Absent: a desktop browser. */
  device_type?: DeviceType;
  /** The full client address (never the stored, truncated one); absent: ip_address. */
  address?: string;
  ip_address?: string;
}

const COUNTRY = 0;
const DEVICE = 1;
const NOT_DEVICE = 2;
const TIME = 3;
const LANGUAGE = 4;
const IP = 5;
const QUERY = 6;

/** One condition, every kind in the same shape (so the check's reads stay monomorphic). */
interface Condition {
  kind: number;
  /** Country, device, language, or the query parameter's name. */
  text: string;
  /** The query parameter's value; null: any. */
  value: string | null;
  /** The time window [after, before). */
  after: number;
  before: number;
  /** The block; null: an address never holds (a block that does not read). */
  cidr: Cidr | null;
}

interface CompiledRules {
  /** Every rule's conditions, rule after rule. */
  conditions: Condition[];
  /** Where each rule's conditions start in `conditions`, and where the last rule's end. */
  starts: number[];
  /** The rules a visit without a query may take (those without a query condition), in order. */
  withoutQuery: number[];
}

const compiled = new WeakMap<readonly LinkRule[], CompiledRules>();

/** The rules' compiled form, made on their first visit and kept as long as the array is. */
function compiledRules(rules: readonly LinkRule[]): CompiledRules {
  let found = compiled.get(rules);
  if (found === undefined) {
    found = compileRules(rules);
    compiled.set(rules, found);
  }
  return found;
}

/** Cheapest conditions first: a rule's conditions all have to hold, so their order is free. */
const COST: Record<RuleCondition['type'], number> = { country: 0, device: 0, time: 0, language: 1, ip: 2, query: 3 };
const MOST_COST = 3;

function compileRules(rules: readonly LinkRule[]): CompiledRules {
  const result: CompiledRules = { conditions: [], starts: [0], withoutQuery: [] };
  for (let index = 0; index < rules.length; index += 1) {
    const when = rules[index]!.when;
    for (let cost = 0; cost <= MOST_COST; cost += 1) {
      for (const condition of when)
        if (COST[condition.type] === cost) result.conditions.push(compileCondition(condition));
    }
    result.starts.push(result.conditions.length);
    if (!when.some((condition) => condition.type === 'query')) result.withoutQuery.push(index);
  }
  return result;
}

function compileCondition(condition: RuleCondition): Condition {
  switch (condition.type) {
    case 'country':
      return made(COUNTRY, condition.is);
    case 'device':
      if (condition.is === 'desktop') return made(DEVICE, 'web');
      return condition.is === 'mobile' ? made(NOT_DEVICE, 'web') : made(DEVICE, condition.is);
    case 'time': {
      const after = condition.after === undefined ? -Infinity : Date.parse(condition.after);
      const before = condition.before === undefined ? Infinity : Date.parse(condition.before);
      return made(TIME, '', null, after, before);
    }
    case 'language':
      return made(LANGUAGE, condition.is);
    case 'ip':
      return made(IP, '', null, 0, 0, parseCidr(condition.cidr) ?? null);
    case 'query':
      return made(QUERY, condition.name, condition.value ?? null);
  }
}

function made(kind: number, text = '', value: string | null = null, after = 0, before = 0, cidr: Cidr | null = null) {
  return { kind, text, value, after, before, cidr } satisfies Condition;
}

// The visit's facts read so far (matchingRule is synchronous: one visit at a time).
const addressWords = new Uint16Array(8);
/** -1: not read yet this visit. */
let addressFamily: AddressFamily | -1 = -1;
let language: string | undefined;
/** -1: not looked at yet; 1: the query has no escapes ('%', '+') and reads as it is written. */
let plainQuery = -1;
let params: URLSearchParams | undefined;

/** The index of the first rule whose conditions all hold, -1 when none does. */
export function matchingRule(rules: readonly LinkRule[], visit: RuleVisit, visitor: RuleVisitor): number {
  const { conditions, starts, withoutQuery } = compiledRules(rules);
  addressFamily = -1;
  language = undefined;
  plainQuery = -1;
  // A query condition never holds without a query: such a visit tries only the other rules.
  const noQuery = visit.query === '';
  const count = noQuery ? withoutQuery.length : starts.length - 1;
  let found = -1;
  for (let tried = 0; tried < count && found === -1; tried += 1) {
    const rule = noQuery ? withoutQuery[tried]! : tried;
    const end = starts[rule + 1]!;
    let index = starts[rule]!;
    while (index < end && holds(conditions[index]!, visit, visitor)) index += 1;
    if (index === end) found = rule;
  }
  params = undefined;
  return found;
}

function holds(condition: Condition, visit: RuleVisit, visitor: RuleVisitor): boolean {
  switch (condition.kind) {
    case COUNTRY:
      return visitor.country === condition.text;
    case DEVICE:
      return (visitor.device_type ?? 'web') === condition.text;
    case NOT_DEVICE:
      return (visitor.device_type ?? 'web') !== condition.text;
    case TIME:
      return visit.now >= condition.after && visit.now < condition.before;
    case LANGUAGE:
      language ??= primaryLanguage(visit.acceptLanguage);
      return language === condition.text;
    case IP:
      if (addressFamily === -1) {
        addressFamily = readAddress(visitor.address ?? visitor.ip_address ?? '', addressWords);
        // A mapped address (::ffff:c000:201) is the IPv4 visitor it carries, as its block is (parseCidr).
        if (addressFamily === 6 && unmapIpv4(addressWords)) addressFamily = 4;
      }
      return condition.cidr !== null && inCidr(addressFamily, addressWords, condition.cidr);
    default:
      return hasParameter(visit.query, condition.text, condition.value);
  }
}

/** The primary subtag of the first Accept-Language tag, lower case; '' without one. */
export function primaryLanguage(header: string | undefined): string {
  if (!header) return '';
  let end = header.indexOf(',');
  if (end === -1) end = header.length;
  const semicolon = header.indexOf(';');
  if (semicolon !== -1 && semicolon < end) end = semicolon;
  const tag = header.slice(0, end).trim();
  const dash = tag.indexOf('-');
  const primary = (dash === -1 ? tag : tag.slice(0, dash)).toLowerCase();
  return primary === '*' ? '' : primary;
}

/**
 * Whether the query has `name` (with `value`; null: any value or none), as URLSearchParams reads
 * it. A query without escapes is read where it is written; one with escapes is parsed once.
 */
function hasParameter(query: string, name: string, value: string | null): boolean {
  if (plainQuery === -1) plainQuery = query.indexOf('%') === -1 && query.indexOf('+') === -1 ? 1 : 0;
  if (plainQuery === 1) return plainHas(query, name, value);
  params ??= new URLSearchParams(query);
  return value === null ? params.has(name) : params.getAll(name).includes(value);
}

const EQUALS = 61;
const QUESTION = 63;

/**
 * hasParameter on a query without escapes: '&'-separated pairs, each name up to its first '='
 * (a name holding '=' or '&' is then never there), a leading '?' skipped as URLSearchParams does.
 */
function plainHas(query: string, name: string, value: string | null): boolean {
  // Most queries do not hold the name at all: one search tells, before reading any pair.
  if (query.indexOf(name) === -1 || name.indexOf('=') !== -1) return false;
  let start = query.charCodeAt(0) === QUESTION ? 1 : 0;
  while (start < query.length) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const nameEnd = start + name.length;
    const named =
      nameEnd <= end && (nameEnd === end || query.charCodeAt(nameEnd) === EQUALS) && query.startsWith(name, start);
    if (named) {
      if (value === null) return true;
      const valueStart = nameEnd === end ? end : nameEnd + 1;
      if (end - valueStart === value.length && query.startsWith(value, valueStart)) return true;
    }
    start = end + 1;
  }
  return false;
}
