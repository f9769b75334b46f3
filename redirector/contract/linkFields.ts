/**
 * A link's options, each declared once (docs/api.md#link-options). An option's kind says what it
 * is in every shape that carries it: the API's Link (`api`), a create or update body (`input`),
 * the stored record (`stored`); its column, its CSV cell, its OpenAPI schema and its default
 * follow from the kind. Adding an option is one line here, plus its own rule where it has one
 * (links/linkValidation.ts, visits/). Pure.
 */
import { isoTimeOrNull } from './times';

/** Country code → address for visitors from that country; rules in linkOptions.ts. */
export type GeoTargets = Record<string, string>;

/** One destination of a split link and its share of visitors in percent (rules in linkConversion.ts). */
export interface Variant {
  url: string;
  weight: number;
}

/** Redirect rules' conditions (docs/api.md#redirect-rules); their checks in linkRules.ts. */
export const RULE_TYPES = ['language', 'query', 'ip', 'country', 'device', 'time'] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export const RULE_DEVICES = ['ios', 'android', 'desktop', 'mobile'] as const;
export type RuleDevice = (typeof RULE_DEVICES)[number];

/** One condition; a rule applies when all of its conditions hold. */
export type RuleCondition =
  /** The primary subtag of the visitor's first Accept-Language tag, lower case ("es"). */
  | { type: 'language'; is: string }
  /** The visit's query has `name` (with exactly `value` when given). */
  | { type: 'query'; name: string; value?: string }
  /** The visitor's address is in `cidr` (IPv4 or IPv6; a bare address is one host). */
  | { type: 'ip'; cidr: string }
  /** The visitor's country, ISO alpha-2 upper case ("XX": unknown). */
  | { type: 'country'; is: string }
  | { type: 'device'; is: RuleDevice }
  /** From `after` (included) until `before` (excluded), ISO instants; at least one of them. */
  | { type: 'time'; after?: string; before?: string };

export interface LinkRule {
  when: RuleCondition[];
  url: string;
}

/** What each kind of option is, in each shape. */
interface KindTypes {
  /** true/false; stored as 0/1 by SQLite. */
  flag: { api: boolean; input: boolean; stored: boolean };
  /** An absolute http(s) address, or none. */
  address: { api: string | null; input: string | null; stored: string | null };
  /** A moment: ISO 8601 in the API, epoch milliseconds when stored. */
  time: { api: string | null; input: string | null; stored: number | null };
  /** A whole number ≥ 1, or none. */
  count: { api: number | null; input: number | null; stored: number | null };
  /** Country code → address, stored as JSON. */
  countryAddresses: { api: GeoTargets; input: GeoTargets | null; stored: GeoTargets };
  /** Text of a limited length (the option's maxLength), or none. */
  text: { api: string | null; input: string | null; stored: string | null };
  /** An absolute https address of an image, or none. */
  imageAddress: { api: string | null; input: string | null; stored: string | null };
  /** Split traffic: [] or 2–5 destinations with weights summing to 100, stored as JSON. */
  variants: { api: Variant[]; input: Variant[] | null; stored: Variant[] };
  /** Redirect rules (linkRules.ts), stored as JSON. */
  rules: { api: LinkRule[]; input: LinkRule[] | null; stored: LinkRule[] };
}

export type LinkOptionKind = keyof KindTypes;

/** Every option, in the order the API, the exports and the columns list them. */
export const LINK_OPTIONS = {
  enable_tiktok_bypass: { kind: 'flag', default: false },
  enable_country_redirect: { kind: 'flag', default: false },
  country_redirect_url: { kind: 'address', default: null },
  enable_instagram_exit: { kind: 'flag', default: false },
  instagram_exit_url: { kind: 'address', default: null },
  /** The visit's query string is merged into the address the visit is sent to. */
  forward_query: { kind: 'flag', default: true },
  /** From then on the link is expired. */
  expires_at: { kind: 'time', default: null },
  /** Before then the link answers 404 "not active yet" (docs/api.md#schedule-and-switch). */
  starts_at: { kind: 'time', default: null },
  /** false: the link answers 404 "turned off". */
  enabled: { kind: 'flag', default: true },
  /** Left out of lists unless they ask for archived links; it still redirects. */
  archived: { kind: 'flag', default: false },
  /** The owner's own notes, searched by a list's `q`. */
  notes: { kind: 'text', default: null, maxLength: 2000 },
  /** Clicks (bots included) after which the link is expired (docs/api.md#expiry-and-click-limits). */
  max_clicks: { kind: 'count', default: null },
  /** Where an expired link sends visitors; null: a 410 page. */
  expired_url: { kind: 'address', default: null },
  ios_url: { kind: 'address', default: null },
  android_url: { kind: 'address', default: null },
  /** At most MAX_GEO_TARGETS entries, codes upper case. */
  geo_targets: { kind: 'countryAddresses', default: {} },
  /** The social preview card link-preview bots get (docs/api.md#social-previews). */
  preview_title: { kind: 'text', default: null, maxLength: 120 },
  preview_description: { kind: 'text', default: null, maxLength: 300 },
  preview_image: { kind: 'imageAddress', default: null },
  /** Split traffic (docs/api.md#split-traffic): the visitor goes to one of these instead of target_url. */
  variants: { kind: 'variants', default: [] },
  /** Redirect rules (docs/api.md#redirect-rules): the first whose conditions all hold sends the visitor to its url. */
  rules: { kind: 'rules', default: [] },
} as const satisfies Record<string, { kind: LinkOptionKind; default: unknown; maxLength?: number }>;

export type LinkOptionName = keyof typeof LINK_OPTIONS;

/** The options as one shape carries them. */
export type LinkOptionValues<Shape extends 'api' | 'input' | 'stored'> = {
  -readonly [Name in LinkOptionName]: KindTypes[(typeof LINK_OPTIONS)[Name]['kind']][Shape];
};

export const LINK_OPTION_NAMES = Object.keys(LINK_OPTIONS) as LinkOptionName[];

/** The options of one kind, in LINK_OPTIONS order. */
export function linkOptionsOfKind(kind: LinkOptionKind): LinkOptionName[] {
  return LINK_OPTION_NAMES.filter((name) => LINK_OPTIONS[name].kind === kind);
}

/** What a new link that leaves its options out gets, as stored. */
export function linkOptionDefaults(): LinkOptionValues<'stored'> {
  const defaults = {} as Record<LinkOptionName, unknown>;
  for (const name of LINK_OPTION_NAMES) {
    const value: unknown = LINK_OPTIONS[name].default;
    defaults[name] = Array.isArray(value)
      ? [...value]
      : typeof value === 'object' && value !== null
        ? { ...value }
        : value;
  }
  return defaults as LinkOptionValues<'stored'>;
}

/** The stored options as the API shows them (a time as ISO 8601, objects copied). */
/** A rule's condition with its `type` first, its other fields as stored (each type has one order of them). */
const inOrder = (condition: LinkRule['when'][number]) => Object.assign({ type: condition.type }, condition);

export function apiLinkOptions(stored: LinkOptionValues<'stored'>): LinkOptionValues<'api'> {
  const shown = {} as Record<LinkOptionName, unknown>;
  for (const name of LINK_OPTION_NAMES) {
    const value = stored[name];
    const kind: LinkOptionKind = LINK_OPTIONS[name].kind;
    if (kind === 'time') shown[name] = isoTimeOrNull(value as number | null);
    else if (kind === 'countryAddresses') shown[name] = { ...(value as GeoTargets) };
    else if (kind === 'variants') shown[name] = (value as Variant[]).map((variant) => ({ ...variant }));
    // In the order they were given ({when: [{type, …}], url}) on both stores: PostgreSQL's jsonb reorders keys.
    else if (kind === 'rules')
      shown[name] = (value as LinkRule[]).map(({ when, url }) => ({ when: when.map(inOrder), url }));
    else shown[name] = value;
  }
  return shown as LinkOptionValues<'api'>;
}
