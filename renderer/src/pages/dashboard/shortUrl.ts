/** How a user's links are shown and shared: {domain}/{short_code} (product spec §9). */
import { apiBaseUrl } from '../../apiBase';

/** The service's own origin: the API base in the desktop app, this page's origin in the browser. */
function serviceUrl(): URL {
  try {
    return new URL(apiBaseUrl() || window.location.href);
  } catch {
    return new URL('http://localhost');
  }
}

/** Until the domain call answers, the service's host stands in for the default domain. */
export function fallbackDomain(): string {
  return serviceUrl().host;
}

export function linkDomain(customDomain: string | null | undefined, defaultDomain: string): string {
  return customDomain?.trim() ? customDomain.trim() : defaultDomain;
}

/** 'me.example/abc123' */
export function shortLinkText(domain: string, shortCode: string): string {
  return `${domain}/${shortCode}`;
}

/** The address to copy and open; a custom domain is served with the service's own scheme. */
export function shortLinkUrl(domain: string, shortCode: string, protocol: string = serviceUrl().protocol): string {
  return `${protocol}//${domain}/${encodeURIComponent(shortCode)}`;
}
