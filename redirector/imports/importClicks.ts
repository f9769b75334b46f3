/**
 * A source's clicks as Me stores them (docs/api.md#imports), by the same rules as live clicks:
 * the device, system and browser read from the user agent and bots marked by the same parser, the
 * referrer kept as its host name (YOURLS' "direct" and an empty one: Direct), a country Me does
 * not know as XX, the address kept as ANONYMIZE_IPS says. Marked imported: counted in every
 * figure, never sent to webhooks or streams, never a click limit's.
 */
import type { AddressKeeper } from '../privacy/addresses';
import type { NewClick } from '../storage/records';
import {
  clickDevice,
  createUserAgentParser,
  MAX_USER_AGENT_LENGTH,
  referrerSource,
  UNKNOWN_COUNTRY,
} from '../visits/visitor';
import type { SourceClick } from './sources/importSource';

/** How far past the import a click's time may be (a source's clock a few hours off is no reason to drop it). */
export const CLICK_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * Why a source's click cannot be stored (docs/api.md#imports): its time unreadable, or one no
 * click can have (before 1970-01-01, or more than CLICK_AHEAD_MS after `now`, the time the part
 * is stored); undefined when it can. A click left out so is listed, never stored.
 */
export function clickTimeFault(at: number | null, now: number): 'unreadable' | 'impossible' | undefined {
  if (at === null) return 'unreadable';
  return at < 0 || at > now + CLICK_AHEAD_MS ? 'impossible' : undefined;
}

const COUNTRY = /^[A-Z]{2}$/;
const MAX_CITY_LENGTH = 100;
/** Codes that name no country: ISO's user-assigned ones and the EU, as geolocation services use them. */
const NOT_COUNTRIES = new Set(['XX', 'ZZ', 'EU', 'AP', 'A1', 'A2', 'O1', 'T1']);

export function countryOf(code: string): string {
  const upper = code.trim().toUpperCase();
  return COUNTRY.test(upper) && !NOT_COUNTRIES.has(upper) ? upper : UNKNOWN_COUNTRY;
}

/** The referrer as a URL Me can read the host of; none for YOURLS' "direct" or an empty one. */
function referrerUrl(referrer: string): string | undefined {
  const trimmed = referrer.trim();
  return trimmed === '' || trimmed.toLowerCase() === 'direct' ? undefined : trimmed;
}

export function createClickMapper(keepAddress: AddressKeeper): (linkId: number, click: SourceClick) => NewClick {
  const parse = createUserAgentParser();
  return (linkId, click) => {
    const agent = click.user_agent.slice(0, MAX_USER_AGENT_LENGTH);
    const facts = parse(agent);
    const stored = keepAddress(click.ip_address.trim());
    return {
      link_id: linkId,
      clicked_at: click.clicked_at ?? 0,
      ip_address: stored.ip_address,
      visitor: stored.visitor,
      country: countryOf(click.country),
      city: click.city ? click.city.slice(0, MAX_CITY_LENGTH) : null,
      ...clickDevice(facts),
      referrer_source: referrerSource(referrerUrl(click.referrer), facts.in_app),
      instagram_exit: false,
      blocked: false,
      is_bot: facts.is_bot || click.bot === true,
      user_agent: agent,
      imported: true,
    };
  };
}
