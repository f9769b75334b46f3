/**
 * The link options' part of the one link form (docs/api.md#links): query forwarding, expiry, click
 * limit, expired-link address, password, device and country targets. Values as the inputs hold
 * them, the client checks (the server's rules and messages from contract/), and the request fields.
 */
import {
  EXPIRES_AT_INVALID,
  type GeoTargets,
  geoTargetCountProblem,
  geoTargetCountryProblem,
  INVALID_URL,
  isHttpUrl,
  type Link,
  type LinkUpdate,
  linkPasswordProblem,
  MAX_CLICKS_INVALID,
  parseExpiry,
  sortedGeoTargets,
} from '../../../../redirector/contract';
import { countryName } from '../../format/countries';
import { i18next } from '../../i18n';
import { localiseMessage } from '../../i18n/messages';

export interface GeoTargetRow {
  /** '' until one is chosen. */
  country: string;
  url: string;
}

/** Keep the stored password, set `password`, or remove it: the form never learns the old one. */
export type PasswordMode = 'keep' | 'set' | 'remove';

export interface LinkOptionValues {
  forward_query: boolean;
  /** A datetime-local value ('2026-12-31T23:59') in the browser's time zone; '' for none. */
  expires_at: string;
  /** As typed; '' for none. */
  max_clicks: string;
  expired_url: string;
  /** Whether the link has a password now (from the server). */
  has_password: boolean;
  password_mode: PasswordMode;
  /** The new password while `password_mode` is 'set'. */
  password: string;
  ios_url: string;
  android_url: string;
  geo_targets: GeoTargetRow[];
}

export type LinkOptionField =
  | 'expires_at'
  | 'max_clicks'
  | 'expired_url'
  | 'password'
  | 'ios_url'
  | 'android_url'
  | 'geo_targets';

/** In the order the form shows them. */
export const LINK_OPTION_FIELDS: readonly LinkOptionField[] = [
  'expires_at',
  'max_clicks',
  'expired_url',
  'password',
  'ios_url',
  'android_url',
  'geo_targets',
];

/** Read in the language in use when a check runs. */
export const OPTION_ERRORS = {
  chooseCountry: () => i18next.t('linkForm.geo.choose'),
  geoUrlRequired: (name: string) => i18next.t('linkForm.geo.urlRequired', { name }),
  duplicateCountry: (name: string) => i18next.t('linkForm.geo.duplicate', { name }),
};

export const emptyLinkOptions = (): LinkOptionValues => ({
  forward_query: true,
  expires_at: '',
  max_clicks: '',
  expired_url: '',
  has_password: false,
  password_mode: 'keep',
  password: '',
  ios_url: '',
  android_url: '',
  geo_targets: [],
});

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a datetime-local value in the browser's zone (to the minute); '' for none. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Whether a datetime-local value is a moment already past: the form warns before saving it (the
 * server accepts it and the link is expired at once, docs/api.md#expiry-and-click-limits).
 */
export function isPastExpiry(local: string, now = Date.now()): boolean {
  const iso = localInputToIso(local);
  return iso !== undefined && Date.parse(iso) <= now;
}

/** A datetime-local value, read in the browser's zone, as ISO 8601 UTC; undefined if it is not one. */
export function localInputToIso(local: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) return undefined;
  // A date-time without a zone is local time for Date (ECMA-262 Date Time String Format).
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function linkOptionsFromLink(link: Link): LinkOptionValues {
  return {
    forward_query: link.forward_query ?? true,
    expires_at: isoToLocalInput(link.expires_at ?? null),
    max_clicks: link.max_clicks == null ? '' : String(link.max_clicks),
    expired_url: link.expired_url ?? '',
    has_password: link.has_password ?? false,
    password_mode: 'keep',
    password: '',
    ios_url: link.ios_url ?? '',
    android_url: link.android_url ?? '',
    geo_targets: Object.entries(sortedGeoTargets(link.geo_targets ?? {})).map(([country, url]) => ({ country, url })),
  };
}

const isBlankRow = (row: GeoTargetRow) => row.country === '' && row.url.trim() === '';

/** Each row's problem (undefined when fine); blank rows are left out of the link, so they are fine. */
export function geoRowProblems(rows: readonly GeoTargetRow[]): (string | undefined)[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    if (isBlankRow(row)) return undefined;
    if (row.country === '') return OPTION_ERRORS.chooseCountry();
    const name = countryName(row.country);
    if (seen.has(row.country)) return OPTION_ERRORS.duplicateCountry(name);
    seen.add(row.country);
    const countryProblem = geoTargetCountryProblem(row.country);
    if (countryProblem) return countryProblem;
    if (row.url.trim() === '') return OPTION_ERRORS.geoUrlRequired(name);
    return isHttpUrl(row.url) ? undefined : `${name}: ${localiseMessage(INVALID_URL)}`;
  });
}

const optionalAddressError = (value: string) => (value.trim() === '' || isHttpUrl(value) ? undefined : INVALID_URL);

function maxClicksError(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed)) && Number(trimmed) >= 1
    ? undefined
    : MAX_CLICKS_INVALID;
}

function expiryError(local: string): string | undefined {
  if (local === '') return undefined;
  const iso = localInputToIso(local);
  return iso !== undefined && parseExpiry(iso) !== undefined ? undefined : EXPIRES_AT_INVALID;
}

function passwordError({ password_mode, password }: LinkOptionValues): string | undefined {
  if (password_mode !== 'set') return undefined;
  return linkPasswordProblem(password);
}

function geoTargetsError(rows: readonly GeoTargetRow[]): string | undefined {
  return (
    geoTargetCountProblem(rows.filter((row) => !isBlankRow(row)).length) ??
    geoRowProblems(rows).find((problem) => problem !== undefined)
  );
}

export function validateLinkOptions(values: LinkOptionValues): Partial<Record<LinkOptionField, string>> {
  return {
    expires_at: expiryError(values.expires_at),
    max_clicks: maxClicksError(values.max_clicks),
    expired_url: optionalAddressError(values.expired_url),
    password: passwordError(values),
    ios_url: optionalAddressError(values.ios_url),
    android_url: optionalAddressError(values.android_url),
    geo_targets: geoTargetsError(values.geo_targets),
  };
}

export function geoTargetsFromRows(rows: readonly GeoTargetRow[]): GeoTargets {
  const targets: GeoTargets = {};
  for (const row of rows) if (!isBlankRow(row)) targets[row.country] = row.url.trim();
  return sortedGeoTargets(targets);
}

const addressOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The options' request fields; the password only when it changes ('' removes it). */
export function linkOptionsInput(values: LinkOptionValues): LinkUpdate {
  const max = values.max_clicks.trim();
  return {
    forward_query: values.forward_query,
    expires_at: values.expires_at === '' ? null : (localInputToIso(values.expires_at) ?? null),
    max_clicks: max === '' ? null : Number(max),
    expired_url: addressOrNull(values.expired_url),
    ...(values.password_mode === 'keep' ? {} : { password: values.password_mode === 'set' ? values.password : '' }),
    ios_url: addressOrNull(values.ios_url),
    android_url: addressOrNull(values.android_url),
    geo_targets: geoTargetsFromRows(values.geo_targets),
  };
}

/** Whether a request field holds what the link already has (the admin's edit sends only changes). */
export function sameAsLink(field: string, value: unknown, link: Link): boolean {
  if (field === 'password') return false;
  if (field === 'geo_targets') {
    return JSON.stringify(value ?? {}) === JSON.stringify(sortedGeoTargets(link.geo_targets ?? {}));
  }
  // The form shows the expiry to the minute: the same minute is no change, whatever seconds it had.
  if (field === 'expires_at')
    return isoToLocalInput((value as string | null) ?? null) === isoToLocalInput(link.expires_at);
  return (value ?? null) === (link[field as keyof Link] ?? null);
}
