/**
 * The facts a click stores about its visitor (docs/api.md#resolving-a-short-link): the parsed user agent, the client
 * address, country and city, and where the visitor came from.
 *
 * ua-parser-js 1.0.x (MIT; 2.x is AGPL-3.0 and slower) costs ~40 µs a parse, so parses are kept
 * in a bounded cache keyed by the user-agent string: real traffic repeats a few thousand strings.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import UAParser from 'ua-parser-js';
import type { ClickDevice, ClickVisitor, DeviceType } from '../contract/clicks';
import { oldestFirst } from '../oldestFirst';
import { type AddressKeeper, keepFullAddress, type StoredAddress } from '../privacy/addresses';
import { isBotUserAgent } from './botCheck';
import { loadGeoData, lookupPlace, type PlaceLookup } from './geoip';
import { detectInAppBrowser, type InAppApp } from './inAppBrowser';
import { isPreviewBot } from './previewBots';

/** Longer user agents are stored cut to this length and never cached. */
export const MAX_USER_AGENT_LENGTH = 512;
export const UNKNOWN_COUNTRY = 'XX';

export interface UserAgentFacts extends ClickDevice, Pick<ClickVisitor, 'is_bot'> {
  /** The app whose in-app browser this is; never set for bots. */
  in_app: InAppApp | null;
  /** A link-preview fetcher (previewBots.ts): a link with a preview answers it with its card. */
  preview_bot: boolean;
}

/**
 * A click's visitor as read from the request; `user_agent` is cut to MAX_USER_AGENT_LENGTH,
 * `ip_address` is the address to store (privacy/addresses.ts) and `visitor` the identity it is
 * counted by when that is not the stored address.
 */
export interface Visitor extends ClickVisitor, UserAgentFacts, StoredAddress {
  /** The full client address, read only by a link's ip rules (docs/api.md#redirect-rules): never stored. */
  address?: string;
}

export function parseUserAgent(userAgent: string): UserAgentFacts {
  const result = new UAParser(userAgent).getResult();
  // In-app first: app web views carry tokens that isbot's substring patterns take for crawlers.
  const app = detectInAppBrowser(userAgent);
  const isBot = isBotUserAgent(userAgent, app !== null);
  const inApp = isBot ? null : app;
  const osName = result.os.name ?? null;
  let browser = result.browser.name ?? null;
  let browserVersion = result.browser.version ?? null;
  // Android TikTok reads as "Chrome WebView": name the app, as iOS already does.
  if (inApp && browser !== inApp.name) {
    browser = inApp.name;
    browserVersion = inApp.version;
  }
  return {
    device_type: deviceType(osName, result.device.type, userAgent),
    device_info: result.device.model ?? null,
    browser,
    browser_version: browserVersion,
    os: osName,
    os_version: result.os.version ?? null,
    is_bot: isBot,
    in_app: inApp?.app ?? null,
    preview_bot: app === null && isPreviewBot(userAgent),
  };
}

/** The device columns a click stores, from a user agent's facts (live clicks and imported ones alike). */
export function clickDevice(facts: UserAgentFacts): ClickDevice {
  const { device_type, device_info, browser, browser_version, os, os_version } = facts;
  return { device_type, device_info, browser, browser_version, os, os_version };
}

/** Systems built on Android's code whose phones and tablets count as Android (HarmonyOS, Android-x86). */
const ANDROID_FAMILY = new Set(['HarmonyOS', 'OpenHarmony', 'Android-x86', 'Android x86']);
const HANDHELD = /\b(?:Mobile|Phone|Tablet)\b/;

function deviceType(osName: string | null, device: string | undefined, userAgent: string): DeviceType {
  if (osName === 'iOS') return 'ios';
  if (osName === 'Android') return 'android';
  // The same systems run on PCs ("PC; OpenHarmony 5.0"): only phones and tablets count.
  if (osName !== null && ANDROID_FAMILY.has(osName)) {
    if (device === 'mobile' || device === 'tablet' || HANDHELD.test(userAgent)) return 'android';
  }
  return 'web';
}

/** parseUserAgent with a bounded memo; the oldest entry goes first when full. */
export function createUserAgentParser(maxEntries = 5000): (userAgent: string) => UserAgentFacts {
  const cache = new Map<string, UserAgentFacts>();
  const dropOldest = oldestFirst(cache);
  return (userAgent) => {
    const cached = cache.get(userAgent);
    if (cached !== undefined) return cached;
    const facts = parseUserAgent(userAgent);
    if (userAgent.length <= MAX_USER_AGENT_LENGTH) {
      if (cache.size >= maxEntries) dropOldest();
      cache.set(userAgent, facts);
    }
    return facts;
  };
}

/**
 * The visitor's address: the rightmost X-Forwarded-For entry when the proxy is trusted (and the
 * entry is an address), otherwise the socket's peer. IPv4-mapped IPv6 is shown as IPv4. The
 * rightmost entry is the one our proxy appended; entries to its left come from the client and
 * could be forged (the same rule as Koa's ctx.ip with maxIpsCount = 1 for the /api calls).
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers['x-forwarded-for'];
    const forwarded = Array.isArray(header) ? header[0] : header;
    if (forwarded) {
      const comma = forwarded.lastIndexOf(',');
      const address = normaliseAddress(comma === -1 ? forwarded : forwarded.slice(comma + 1));
      if (isIP(address) !== 0) return address;
    }
  }
  return normaliseAddress(req.socket.remoteAddress ?? '');
}

export function normaliseAddress(raw: string): string {
  let address = raw.trim();
  if (address.startsWith('[')) {
    // [v6]:port
    const end = address.indexOf(']');
    address = end === -1 ? address.slice(1) : address.slice(1, end);
  } else if (
    address.indexOf(':') !== -1 &&
    address.indexOf(':') === address.lastIndexOf(':') &&
    address.includes('.')
  ) {
    // v4:port
    address = address.slice(0, address.indexOf(':'));
  }
  if (address.startsWith('::ffff:') && address.includes('.')) address = address.slice(7);
  return isIP(address) === 6 ? canonicalIPv6(address) : address;
}

/**
 * One spelling per IPv6 address (RFC 5952: lower case, zeros compressed), IPv4-mapped ones however
 * written as IPv4: a visitor is an address (docs/api.md#the-client-address), so `2001:DB8::5` and
 * `2001:db8:0:0::5` are one visitor, not two.
 */
function canonicalIPv6(address: string): string {
  try {
    const parsed = ipaddr.IPv6.parse(address);
    return parsed.isIPv4MappedAddress() ? parsed.toIPv4Address().toString() : parsed.toRFC5952String();
  } catch {
    return address;
  }
}

/** Country (ISO alpha-2, 'XX' when unknown) and city (null when unknown); geoip-lite's data by default. */
export function locate(address: string, lookup: PlaceLookup = lookupPlace): { country: string; city: string | null } {
  const found = lookup(address);
  return { country: found?.country || UNKNOWN_COUNTRY, city: found?.city || null };
}

/** The in-app browser's app, else the Referer's host name, else null (Direct). */
export function referrerSource(referer: string | undefined, inApp: InAppApp | null): string | null {
  if (inApp) return inApp;
  if (!referer) return null;
  try {
    return new URL(referer).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

export function createVisitorReader(options: {
  trustProxy: boolean;
  userAgentCacheSize?: number;
  /** GEOIP_DB's lookup; geoip-lite's bundled data when absent. */
  lookupPlace?: PlaceLookup;
  /** ANONYMIZE_IPS: what is stored of the address; the full address otherwise. */
  keepAddress?: AddressKeeper;
}): (req: IncomingMessage) => Visitor {
  const parse = createUserAgentParser(options.userAgentCacheSize);
  const { trustProxy } = options;
  const lookup = options.lookupPlace ?? lookupPlace;
  const keepAddress = options.keepAddress ?? keepFullAddress;
  // At start, not on the first click: reading the data takes a moment.
  if (lookup === lookupPlace) loadGeoData();
  return (req) => {
    const header = req.headers['user-agent'] ?? '';
    const facts = parse(header);
    // The place comes from the full address, which goes no further than the visit's decision.
    const ip = clientAddress(req, trustProxy);
    const { country, city } = locate(ip, lookup);
    const stored = keepAddress(ip);
    // Each field by name, not `...clickDevice(facts)`: with the spread a visitor cost 12 times as much
    // CPU (17 µs instead of 1.4, docs/performance.md).
    return {
      device_type: facts.device_type,
      device_info: facts.device_info,
      browser: facts.browser,
      browser_version: facts.browser_version,
      os: facts.os,
      os_version: facts.os_version,
      is_bot: facts.is_bot,
      in_app: facts.in_app,
      preview_bot: facts.preview_bot,
      ip_address: stored.ip_address,
      visitor: stored.visitor,
      address: ip,
      country,
      city,
      referrer_source: referrerSource(req.headers.referer, facts.in_app),
      user_agent: header.length > MAX_USER_AGENT_LENGTH ? header.slice(0, MAX_USER_AGENT_LENGTH) : header,
    };
  };
}
