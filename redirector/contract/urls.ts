/**
 * Address rules both sides apply (docs/api.md#links): target, country-redirect and Instagram-exit
 * addresses are absolute http(s) URLs of at most 2,048 characters, kept in their WHATWG `href`.
 * A destination typed without a scheme (`example.com/page`) is taken as `https://` (withDefaultScheme).
 */
export const INVALID_URL = 'Please enter a valid URL';
export const MAX_URL_LENGTH = 2048;

/** `text` parsed as an absolute URL when its scheme is http or https; undefined for anything else. */
export function parsedHttpUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}

/** An absolute http(s) URL of at most 2,048 characters, as its WHATWG `href`; undefined for anything else. */
export function normaliseHttpUrl(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH) return undefined;
  // The scheme and both slashes must be written out: `http:example.com` and `http:\\x` parse, but are not meant.
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  const url = parsedHttpUrl(trimmed);
  if (url === undefined || url.hostname === '') return undefined;
  return url.href.length <= MAX_URL_LENGTH ? url.href : undefined;
}

export function isHttpUrl(value: string): boolean {
  return normaliseHttpUrl(value) !== undefined;
}

/** A scheme written out (`mailto:`, `javascript:`), not a host and port (`example.com:8080`). */
const WRITTEN_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
/** What a host typed alone starts with: a name with a dot (`example.com`, `www.example.com:8080/x`). */
const BARE_HOST = /^[^\s/?#:@]+\.[^\s/?#:@.]+(?:[:/?#]|$)/;

/**
 * The destination as typed, with `https://` before it when it starts with a bare host name
 * (docs/api.md#rules-and-their-messages): `example.com/page` → `https://example.com/page`. Anything
 * with a scheme of its own, a relative path or no dotted host is left as it is, for the URL rule to judge.
 */
export function withDefaultScheme(value: string): string {
  const trimmed = value.trim();
  if (WRITTEN_SCHEME.test(trimmed) || !BARE_HOST.test(trimmed)) return value;
  return `https://${trimmed}`;
}

/** A destination as it is stored: withDefaultScheme, then normaliseHttpUrl. */
export function normaliseDestination(value: string): string | undefined {
  return normaliseHttpUrl(withDefaultScheme(value));
}

export function isDestination(value: string): boolean {
  return normaliseDestination(value) !== undefined;
}
