/**
 * Which of a link's redirect rules a visit takes (docs/api.md#redirect-rules). A link's rules are
 * compiled once, on their first visit, into closures kept beside the stored rules (the link cache
 * keeps that array, so a cached link never parses its rules again); a visit then reads each fact
 * it needs once, and only when a condition asks for it. Pure.
 */
import type { DeviceType } from './clicks';
import { addressBytes, type LinkRule, parseCidr, type RuleCondition } from './linkRules';

/** What a visit's conditions are tested on. */
export interface RuleFacts {
  /** Epoch milliseconds. */
  now: number;
  country: string;
  device_type: DeviceType;
  /** The visitor's full address (never the stored, truncated one). */
  address: string;
  /** The visit's query string without '?'. */
  query: string;
  acceptLanguage: string | undefined;
}

/** The facts that cost something to read, read at most once per visit. */
interface VisitMemo {
  facts: RuleFacts;
  language?: string;
  params?: URLSearchParams;
  /** The query has no escapes: it reads as written. */
  plain?: boolean;
  bytes?: number[] | null;
}

type Test = (memo: VisitMemo) => boolean;

const compiled = new WeakMap<readonly LinkRule[], Test[]>();

/** The index of the first rule whose conditions all hold, -1 when none does. */
export function matchingRule(rules: readonly LinkRule[], facts: RuleFacts): number {
  let tests = compiled.get(rules);
  if (tests === undefined) {
    tests = rules.map(compileRule);
    compiled.set(rules, tests);
  }
  const memo: VisitMemo = { facts };
  for (let index = 0; index < tests.length; index += 1) {
    if (tests[index]!(memo)) return index;
  }
  return -1;
}

/** Cheapest conditions first: a rule's conditions all have to hold, so their order is free. */
const COST: Record<RuleCondition['type'], number> = { country: 0, device: 0, time: 0, language: 1, ip: 2, query: 3 };

function compileRule(rule: LinkRule): Test {
  const tests = [...rule.when].sort((a, b) => COST[a.type] - COST[b.type]).map(compileCondition);
  if (tests.length === 1) return tests[0]!;
  return (memo) => {
    for (const test of tests) if (!test(memo)) return false;
    return true;
  };
}

function compileCondition(condition: RuleCondition): Test {
  switch (condition.type) {
    case 'country': {
      const is = condition.is;
      return (memo) => memo.facts.country === is;
    }
    case 'device':
      return deviceTest(condition.is);
    case 'time': {
      const after = condition.after === undefined ? -Infinity : Date.parse(condition.after);
      const before = condition.before === undefined ? Infinity : Date.parse(condition.before);
      return (memo) => memo.facts.now >= after && memo.facts.now < before;
    }
    case 'language': {
      const is = condition.is;
      return (memo) => languageOf(memo) === is;
    }
    case 'ip':
      return cidrTest(condition.cidr);
    case 'query': {
      const { name, value } = condition;
      if (value === undefined) return (memo) => mayHold(memo, name) && paramsOf(memo).has(name);
      return (memo) => mayHold(memo, name) && paramsOf(memo).getAll(name).includes(value);
    }
  }
}

function deviceTest(is: 'ios' | 'android' | 'desktop' | 'mobile'): Test {
  if (is === 'desktop') return (memo) => memo.facts.device_type === 'web';
  if (is === 'mobile') return (memo) => memo.facts.device_type !== 'web';
  return (memo) => memo.facts.device_type === is;
}

function cidrTest(cidr: string): Test {
  const network = parseCidr(cidr);
  if (network === undefined) return () => false;
  const { bytes, prefix } = network;
  return (memo) => {
    if (memo.bytes === undefined) memo.bytes = addressBytes(memo.facts.address) ?? null;
    const address = memo.bytes;
    if (address === null || address.length !== bytes.length) return false;
    return inPrefix(address, bytes, prefix);
  };
}

function inPrefix(address: readonly number[], network: readonly number[], prefix: number): boolean {
  const whole = prefix >> 3;
  for (let index = 0; index < whole; index += 1) if (address[index] !== network[index]) return false;
  const rest = prefix & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (address[whole]! & mask) === (network[whole]! & mask);
}

/** The primary subtag of the first Accept-Language tag, lower case; '' without one. */
export function primaryLanguage(header: string | undefined): string {
  if (!header) return '';
  const first = header.split(',', 1)[0]!;
  const tag = first.split(';', 1)[0]!.trim();
  const primary = tag.split('-', 1)[0]!.toLowerCase();
  return primary === '*' ? '' : primary;
}

function languageOf(memo: VisitMemo): string {
  memo.language ??= primaryLanguage(memo.facts.acceptLanguage);
  return memo.language;
}

/**
 * Whether the query may name `name` at all: a query without escapes ('%', '+') reads as it is
 * written, so a name it does not contain cannot be in it. Most visits fail here without parsing.
 */
function mayHold(memo: VisitMemo, name: string): boolean {
  memo.plain ??= !/[%+]/.test(memo.facts.query);
  return !memo.plain || memo.facts.query.includes(name);
}

function paramsOf(memo: VisitMemo): URLSearchParams {
  memo.params ??= new URLSearchParams(memo.facts.query);
  return memo.params;
}
