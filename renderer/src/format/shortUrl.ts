/** How a user's links are shown and shared: {domain}/{short_code} (docs/api.md#domain). */
export interface LinkHost {
  /** What links show before '/{short_code}': the custom domain, or the public URL's host (with port). */
  domain: string;
  /** Scheme, host and port to copy and open: https://links.example.com or PUBLIC_URL. */
  origin: string;
}

/** The service's own origin: the API client's base (desktop app), or this page's origin (browser). */
export function serviceOrigin(apiBase = ''): string {
  try {
    return new URL(apiBase || window.location.href).origin;
  } catch {
    return 'http://localhost';
  }
}

/**
 * The host links live on. `publicUrl` is the server's PUBLIC_URL (until the domain call answers,
 * the service's own origin stands in); a custom domain is served with the same scheme.
 */
export function linkHost(customDomain: string | null | undefined, publicUrl: string): LinkHost {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    url = new URL(serviceOrigin());
  }
  const custom = customDomain?.trim();
  if (custom) return { domain: custom, origin: `${url.protocol}//${custom}` };
  return { domain: url.host, origin: url.origin };
}

/** 'me.example/abc123' */
export function shortLinkText(host: LinkHost, shortCode: string): string {
  return `${host.domain}/${shortCode}`;
}

/** 'https://me.example/abc123' */
export function shortLinkUrl(host: LinkHost, shortCode: string): string {
  return `${host.origin}/${encodeURIComponent(shortCode)}`;
}

/** The host of a base URL the admin screens show links on ('http://me.example:8080'). */
export function linkHostOfBase(base: string): LinkHost {
  return { domain: base.replace(/^https?:\/\//, ''), origin: base };
}

/** The base of full short links: the API's origin (desktop) or this page's origin. */
export function shortLinkBase(apiBase: string): string {
  const base = apiBase.replace(/\/+$/, '');
  return base !== '' ? base : window.location.origin;
}

/**
 * A link's short address as lists show it: its `short_url` without the scheme
 * ('https://go.ann.example/spring' → 'go.ann.example/spring'); copy and open the `short_url` itself.
 */
export function shortUrlText(shortUrl: string): string {
  return shortUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
}
