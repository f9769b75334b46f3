/**
 * A user's custom domain (docs/api.md#domain): a bare lower-cased host name, no scheme, path or
 * port, never the service's default domain. Pure and portable; uniqueness of a verified domain is the store's job (409).
 */
export const DOMAIN_REQUIRED = 'Please enter a domain';
export const DOMAIN_WITHOUT_SCHEME = 'Enter the domain without http:// or https://';
export const DOMAIN_WITHOUT_PATH = 'Enter the domain without a path (just the host name)';
export const DOMAIN_WITHOUT_PORT = 'Enter the domain without a port';
export const DOMAIN_INVALID = 'Please enter a valid domain name, like links.example.com';
export const DOMAIN_IS_DEFAULT = 'That is already the default domain; enter a domain of your own';
export const DOMAIN_TAKEN = 'This domain is already used by another account';
/** A claim's error once another account verified its domain first (docs/api.md#verification). */
export const VERIFIED_ELSEWHERE = 'verified by another account';

const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type DomainResult = { ok: true; domain: string } | { ok: false; error: string };

/** The host name of a public URL, as the default domain is compared and shown. */
export function defaultDomainOf(publicUrl: string): string {
  return comparableHostName(new URL(publicUrl).hostname);
}

/**
 * A host name as the loop rule compares it (docs/api.md#links): lower-cased, without a final dot.
 * `ME.example.` and `me.example` are one host to DNS and to browsers, so a link to either loops.
 */
export function comparableHostName(host: string): string {
  const lower = host.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/**
 * The hosts a link's destinations send visitors to, as the loop rule compares them, once each;
 * an address that does not parse has no host (the URL rules refuse it elsewhere). Every
 * destination field, and any added later, goes through here.
 */
export function destinationHosts(addresses: readonly string[]): string[] {
  const hosts = new Set<string>();
  for (const address of addresses) {
    if (!URL.canParse(address)) continue;
    hosts.add(comparableHostName(new URL(address).hostname));
  }
  return [...hosts];
}

/** The domain as stored, or what is wrong with it. */
export function checkCustomDomain(input: unknown, defaultDomain: string): DomainResult {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, error: DOMAIN_REQUIRED };
  let domain = input.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(domain)) return { ok: false, error: DOMAIN_WITHOUT_SCHEME };
  if (/[/?#\\]/.test(domain)) return { ok: false, error: DOMAIN_WITHOUT_PATH };
  if (/:\d*$/.test(domain)) return { ok: false, error: DOMAIN_WITHOUT_PORT };
  if (domain.endsWith('.')) domain = domain.slice(0, -1);
  // International names are kept in their ASCII (punycode) form, as DNS and the Host header carry them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is the point
  if (/[^\x00-\x7f]/.test(domain)) domain = asciiHostName(domain);
  if (!isHostName(domain)) return { ok: false, error: DOMAIN_INVALID };
  if (domain === defaultDomain.toLowerCase()) return { ok: false, error: DOMAIN_IS_DEFAULT };
  return { ok: true, domain };
}

/** The WHATWG URL parser's IDNA mapping (the same in Node and browsers); '' when it refuses the name. */
function asciiHostName(domain: string): string {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return '';
  }
}

/** Two or more DNS labels, and a top-level label that is not all digits (so no IPv4 address). */
function isHostName(domain: string): boolean {
  if (domain.length === 0 || domain.length > MAX_DOMAIN_LENGTH) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}

/** A custom domain's state (docs/api.md#custom-domains). */
export type DomainStatus = 'pending' | 'verified' | 'failed';

export const DOMAIN_STATUSES: readonly DomainStatus[] = ['pending', 'verified', 'failed'];

/** Where the ownership proof lives: a TXT record at this name must hold `me-verify=<token>`. */
export const CHALLENGE_PREFIX = '_me-challenge.';
export const CHALLENGE_VALUE_PREFIX = 'me-verify=';

export interface DomainVerification {
  status: DomainStatus;
  record: { type: 'TXT'; name: string; value: string };
  /** ISO 8601 UTC of the last look-up; null before the first. */
  checked_at: string | null;
  /** What the last look-up found instead of the record; null when it found it (or before any). */
  error: string | null;
}

/** The TXT record a user adds to prove they own `domain`. */
export function challengeRecord(domain: string, token: string): DomainVerification['record'] {
  return { type: 'TXT', name: `${CHALLENGE_PREFIX}${domain}`, value: `${CHALLENGE_VALUE_PREFIX}${token}` };
}

/**
 * The whole address of a short link: on the default domain PUBLIC_URL/<code>, on a custom domain
 * PUBLIC_URL's scheme, the domain, the code (docs/api.md#custom-domains).
 */
export function shortUrlOf(publicUrl: string, domain: string | null, shortCode: string): string {
  if (domain === null) return `${publicUrl.replace(/\/$/, '')}/${shortCode}`;
  return `${new URL(publicUrl).protocol}//${domain}/${shortCode}`;
}

/** A request's host as routing compares it: lower-cased, without port or final dot. */
export function hostNameOf(host: string | undefined): string {
  if (!host) return '';
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return name.slice(0, name.indexOf(']') + 1);
  const colon = name.indexOf(':');
  if (colon !== -1) name = name.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** One claimed domain in the administrator's list (GET /api/domains). */
export interface AdminDomain {
  domain: string;
  /** The claiming team (docs/api.md#domains-and-hubs-of-a-team). */
  team_id: number;
  team_name: string;
  /** A personal team's user and email; null for a shared team's claim. */
  user_id: number | null;
  user_email: string | null;
  status: DomainStatus;
  /** ISO 8601 UTC, or null. */
  checked_at: string | null;
  verified_at: string | null;
  /** Links on the domain. */
  links: number;
}

export interface AdminDomainsResponse {
  domains: AdminDomain[];
}

/** Answer of PUT /api/domains?domain=. */
export interface AdminDomainResponse {
  domain: AdminDomain;
}
