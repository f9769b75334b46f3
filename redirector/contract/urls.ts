/**
 * Address rules both sides apply (docs/api.md#links): target, country-redirect and Instagram-exit
 * addresses are absolute http(s) URLs of at most 2,048 characters, kept in their WHATWG `href`.
 */
export const INVALID_URL = 'Please enter a valid URL';
export const MAX_URL_LENGTH = 2048;

/** An absolute http(s) URL of at most 2,048 characters, as its WHATWG `href`; undefined for anything else. */
export function normaliseHttpUrl(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return undefined;
  // The scheme and both slashes must be written out: `http:example.com` and `http:\\x` parse, but are not meant.
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined;
  return url.href.length <= MAX_URL_LENGTH ? url.href : undefined;
}

export function isHttpUrl(value: string): boolean {
  return normaliseHttpUrl(value) !== undefined;
}
