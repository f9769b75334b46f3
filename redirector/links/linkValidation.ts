/**
 * Link request bodies (docs/api.md#links): their shape (zod). Every failure is a RuleError 400
 * with a message for a person; addresses follow contract/urls and come out in the WHATWG parser's `href`.
 */
import { z } from 'zod';
import { PREVIEW_IMAGE_HTTPS, VARIANT_URL, VARIANTS_INVALID, variantsProblem } from '../contract/linkConversion';
import {
  type GeoTargets,
  LINK_OPTION_NAMES,
  LINK_OPTIONS,
  type LinkOptionKind,
  type LinkOptionName,
  type LinkOptionValues,
  linkOptionDefaults,
  type Variant,
} from '../contract/linkFields';
import {
  EXPIRES_AT_INVALID,
  GEO_TARGETS_INVALID,
  geoTargetCountProblem,
  geoTargetCountryProblem,
  LINK_PASSWORD_LENGTH,
  linkPasswordProblem,
  MAX_CLICKS_INVALID,
  parseExpiry,
  scheduleProblem,
  sortedGeoTargets,
} from '../contract/linkOptions';
import { checkLinkRules, type LinkRule } from '../contract/linkRules';
import { normaliseTags } from '../contract/tags';
import { INVALID_URL, normaliseDestination, normaliseHttpUrl } from '../contract/urls';
import { invalidInput } from '../ruleError';

export { INVALID_URL, MAX_URL_LENGTH, normaliseHttpUrl } from '../contract/urls';
export const MAX_TITLE_LENGTH = 200;
export const TARGET_URL_REQUIRED = 'Target URL is required';
export const COUNTRY_REDIRECT_URL_REQUIRED = 'Country redirect URL is required when country redirect is on';
export const INSTAGRAM_EXIT_URL_REQUIRED = 'Instagram exit URL is required when Instagram exit is on';
export const DOMAIN_NOT_YOURS = 'Use the default domain or your own verified domain';

/**
 * A link's fields as a create call gives them, normalised: its own settings and its options as
 * stored (an expiry in epoch milliseconds), the password as sent (the service hashes it; null: none).
 */
export type NewLinkFields = LinkOptionValues<'stored'> & {
  title: string;
  target_url: string;
  /** Undefined: the server picks a random one. */
  short_code: string | undefined;
  tags: string[];
  password: string | null;
  /** null: the default domain; a host name: one of the owner's; undefined: the owner's verified domain if any. */
  domain?: string | null;
};

/** The largest click limit: PostgreSQL's INTEGER. */
export const MAX_CLICKS_LIMIT = 2_147_483_647;

/** What an update call sends: any subset; short_code only to be compared with the stored one. */
export type LinkFieldChanges = Partial<NewLinkFields>;

export type OptionAddresses = Pick<
  NewLinkFields,
  'enable_country_redirect' | 'country_redirect_url' | 'enable_instagram_exit' | 'instagram_exit_url'
>;

const flag = (field: string) => z.boolean({ error: `${field} must be true or false` }).optional();
const address = z.string({ error: INVALID_URL }).nullish();

/** Each kind of option's shape in a body; what it means is read by optionValue below. */
const OPTION_BODY: Record<LinkOptionKind, (name: string) => z.ZodType> = {
  flag,
  address: () => address,
  time: (name) => z.string({ error: timeInvalid(name) }).nullish(),
  count: () =>
    z
      .number({ error: MAX_CLICKS_INVALID })
      .int({ error: MAX_CLICKS_INVALID })
      .min(1, { error: MAX_CLICKS_INVALID })
      .max(MAX_CLICKS_LIMIT, { error: MAX_CLICKS_INVALID })
      .nullish(),
  countryAddresses: () => z.unknown().optional(),
  text: (name) => {
    const max = (LINK_OPTIONS[name as LinkOptionName] as { maxLength?: number }).maxLength ?? 200;
    const label = name.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
    return z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters` })
      .nullish();
  },
  imageAddress: () => z.string({ error: PREVIEW_IMAGE_HTTPS }).nullish(),
  variants: () => z.unknown().optional(),
  rules: () => z.unknown().optional(),
};

/** The message of a time option that is not an ISO instant: expiry's own, or the option named. */
function timeInvalid(name: string): string {
  return name === 'expires_at' ? EXPIRES_AT_INVALID : `${name} must be an ISO 8601 date and time with its zone`;
}

const optionBodies = Object.fromEntries(
  LINK_OPTION_NAMES.map((name) => [name, OPTION_BODY[LINK_OPTIONS[name].kind](name)]),
) as Record<LinkOptionName, z.ZodType>;

const linkBody = z.object(
  {
    title: z
      .string({ error: 'Title must be text' })
      .trim()
      .max(MAX_TITLE_LENGTH, { error: `Title must be at most ${MAX_TITLE_LENGTH} characters` })
      .nullish(),
    target_url: address,
    short_code: z.string({ error: 'Short code must be text' }).nullish(),
    tags: z.unknown().optional(),
    password: z.string({ error: LINK_PASSWORD_LENGTH }).nullish(),
    domain: z.string({ error: DOMAIN_NOT_YOURS }).nullish(),
    ...optionBodies,
  },
  { error: 'Request body must be an object of link fields' },
);

type LinkBody = {
  title?: string | null;
  target_url?: string | null;
  short_code?: string | null;
  tags?: unknown;
  password?: string | null;
  domain?: string | null;
} & Record<LinkOptionName, unknown>;

function parseBody(body: unknown): LinkBody {
  const result = linkBody.safeParse(body);
  if (!result.success) throw invalidInput(result.error.issues[0]?.message ?? 'Invalid link');
  return result.data as LinkBody;
}

/** null and '' clear an optional address; anything else must be a valid URL. */
function optionalAddress(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const href = normaliseHttpUrl(value);
  if (href === undefined) throw invalidInput(INVALID_URL);
  return href;
}

function targetAddress(value: string | null | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') throw invalidInput(TARGET_URL_REQUIRED);
  const href = normaliseDestination(value);
  if (href === undefined) throw invalidInput(INVALID_URL);
  return href;
}

function changesOf(body: LinkBody): LinkFieldChanges {
  const changes: LinkFieldChanges = {};
  if (body.title !== undefined) changes.title = body.title ?? '';
  const target = targetAddress(body.target_url);
  if (target !== undefined) changes.target_url = target;
  if (body.short_code != null && body.short_code !== '') changes.short_code = body.short_code;
  const options = changes as Record<LinkOptionName, unknown>;
  for (const name of LINK_OPTION_NAMES) {
    if (body[name] !== undefined) options[name] = OPTION_VALUE[LINK_OPTIONS[name].kind](body[name], name);
  }
  if (body.password !== undefined) changes.password = passwordOf(body.password);
  // Compared as hosts are (docs/api.md#custom-domains); the service checks it is the owner's.
  if (body.domain !== undefined) changes.domain = body.domain?.trim().toLowerCase().replace(/\.$/, '') || null;
  if (body.tags !== undefined) {
    // null clears the tags, like null clears an optional address.
    const tags = normaliseTags(body.tags ?? []);
    if (!tags.ok) throw invalidInput(tags.error);
    changes.tags = tags.tags.sort();
  }
  return changes;
}

/** Each kind of option's value as stored, from a body's value of the shape OPTION_BODY let through. */
const OPTION_VALUE: Record<LinkOptionKind, (value: unknown, name: string) => unknown> = {
  flag: (value) => value,
  address: (value) => optionalAddress(value as string | null),
  time: (value, name) => timeOf(value as string | null, name),
  count: (value) => value ?? null,
  countryAddresses: geoTargetsOf,
  text: (value) => (value as string | null) || null,
  imageAddress: imageAddressOf,
  variants: variantsOf,
  rules: rulesOf,
};

/** null and [] remove the rules; each failure names its field (docs/api.md#redirect-rules). */
function rulesOf(value: unknown): LinkRule[] {
  const checked = checkLinkRules(value);
  if (!checked.ok) throw invalidInput(checked.error);
  return checked.rules;
}

/** An https address only: the card is shown inside https pages (docs/api.md#social-previews). */
function imageAddressOf(value: unknown): string | null {
  const href = optionalAddress(value as string | null);
  if (href === undefined || href === null) return null;
  if (!href.startsWith('https:')) throw invalidInput(PREVIEW_IMAGE_HTTPS);
  return href;
}

/** null and [] remove the split; else 2–5 {url, weight}, each url following the URL rules. */
function variantsOf(value: unknown): Variant[] {
  if (value === null) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'object' || entry === null)) {
    throw invalidInput(VARIANTS_INVALID);
  }
  const entries = value as { url?: unknown; weight?: unknown }[];
  const problem = variantsProblem(entries);
  if (problem) throw invalidInput(problem);
  return entries.map((entry) => {
    const href = typeof entry.url === 'string' ? normaliseHttpUrl(entry.url) : undefined;
    if (href === undefined) throw invalidInput(VARIANT_URL);
    return { url: href, weight: entry.weight as number };
  });
}

function timeOf(value: string | null, name: string): number | null {
  if (value === null || value.trim() === '') return null;
  const time = parseExpiry(value);
  if (time === undefined) throw invalidInput(timeInvalid(name));
  return time;
}

/** '' and null remove the password. */
function passwordOf(value: string | null): string | null {
  if (value === null || value === '') return null;
  const problem = linkPasswordProblem(value);
  if (problem) throw invalidInput(problem);
  return value;
}

/** null removes every entry; codes are upper-cased, addresses follow the URL rules. */
function geoTargetsOf(value: unknown): GeoTargets {
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidInput(GEO_TARGETS_INVALID);
  const entries = Object.entries(value);
  const tooMany = geoTargetCountProblem(entries.length);
  if (tooMany) throw invalidInput(tooMany);
  const targets: GeoTargets = {};
  for (const [key, url] of entries) {
    const code = key.trim().toUpperCase();
    const problem = geoTargetCountryProblem(code);
    if (problem) throw invalidInput(problem);
    if (Object.hasOwn(targets, code)) throw invalidInput(`Country targets: ${code} is given twice`);
    if (typeof url !== 'string') throw invalidInput(INVALID_URL);
    const href = normaliseHttpUrl(url);
    if (href === undefined) throw invalidInput(INVALID_URL);
    targets[code] = href;
  }
  return sortedGeoTargets(targets);
}

/** A redirect or exit address is required when its option is on. */
export function checkOptionAddresses(link: OptionAddresses): void {
  if (link.enable_country_redirect && !link.country_redirect_url) throw invalidInput(COUNTRY_REDIRECT_URL_REQUIRED);
  if (link.enable_instagram_exit && !link.instagram_exit_url) throw invalidInput(INSTAGRAM_EXIT_URL_REQUIRED);
}

type Schedule = { starts_at?: number | null; expires_at?: number | null };

/** 400 when the link would start at or after its expiry, never able to open (docs/api.md#schedule-and-switch). */
function checkSchedule(link: Schedule): void {
  const problem = scheduleProblem(link.starts_at, link.expires_at);
  if (problem) throw invalidInput(problem);
}

/** An update's options checked on the link as it would be after it (docs/api.md#body-fields). */
export function checkUpdatedOptions(existing: OptionAddresses & Schedule, changes: LinkFieldChanges): void {
  checkOptionAddresses({ ...existing, ...changes });
  // Against the stored other time; an update sending neither leaves a link stored before the rule as it is.
  if (changes.starts_at !== undefined || changes.expires_at !== undefined) checkSchedule({ ...existing, ...changes });
}

/** The body of POST /api/links and POST /api/links/create. Unknown fields are ignored. */
export function parseNewLink(body: unknown): NewLinkFields {
  const changes = changesOf(parseBody(body));
  if (changes.target_url === undefined) throw invalidInput(TARGET_URL_REQUIRED);
  const fields: NewLinkFields = {
    ...linkOptionDefaults(),
    ...changes,
    title: changes.title ?? '',
    target_url: changes.target_url,
    short_code: changes.short_code,
    tags: changes.tags ?? [],
    password: changes.password ?? null,
  };
  checkOptionAddresses(fields);
  checkSchedule(fields);
  return fields;
}

/** The body of PUT /api/links?id= and PUT /api/links/update?linkId=: any subset of the fields. */
export function parseLinkChanges(body: unknown): LinkFieldChanges {
  return changesOf(parseBody(body));
}
