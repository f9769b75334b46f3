/**
 * A user's custom domain (CONTRACT §3): a bare lower-cased host name, no scheme, path or port,
 * never the service's default domain. Pure: uniqueness is the store's job (409).
 */
import { domainToASCII } from 'node:url';
import { invalidInput } from '../ruleError';

export const DOMAIN_REQUIRED = 'Please enter a domain';
export const DOMAIN_WITHOUT_SCHEME = 'Enter the domain without http:// or https://';
export const DOMAIN_WITHOUT_PATH = 'Enter the domain without a path (just the host name)';
export const DOMAIN_WITHOUT_PORT = 'Enter the domain without a port';
export const DOMAIN_INVALID = 'Please enter a valid domain name, like links.example.com';
export const DOMAIN_IS_DEFAULT = 'That is already the default domain; enter a domain of your own';
export const DOMAIN_TAKEN = 'This domain is already used by another account';

const MAX_DOMAIN_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The host name of a public URL, as the default domain is compared and shown. */
export function defaultDomainOf(publicUrl: string): string {
  return new URL(publicUrl).hostname.toLowerCase();
}

/** The domain as stored, or a RuleError 400 saying what is wrong with it. */
export function normaliseCustomDomain(input: unknown, defaultDomain: string): string {
  if (typeof input !== 'string' || input.trim() === '') throw invalidInput(DOMAIN_REQUIRED);
  let domain = input.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(domain)) throw invalidInput(DOMAIN_WITHOUT_SCHEME);
  if (/[/?#\\]/.test(domain)) throw invalidInput(DOMAIN_WITHOUT_PATH);
  if (/:\d*$/.test(domain)) throw invalidInput(DOMAIN_WITHOUT_PORT);
  if (domain.endsWith('.')) domain = domain.slice(0, -1);
  // International names are kept in their ASCII (punycode) form, as DNS and the Host header carry them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is the point
  if (/[^\x00-\x7f]/.test(domain)) domain = domainToASCII(domain);
  if (!isHostName(domain)) throw invalidInput(DOMAIN_INVALID);
  if (domain === defaultDomain.toLowerCase()) throw invalidInput(DOMAIN_IS_DEFAULT);
  return domain;
}

/** Two or more DNS labels, and a top-level label that is not all digits (so no IPv4 address). */
function isHostName(domain: string): boolean {
  if (domain.length === 0 || domain.length > MAX_DOMAIN_LENGTH) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}
