/**
 * Is this user agent a crawler, a link-preview fetcher or a script? isbot's list, minus the places
 * where its substring patterns hit real browsers: a recognised in-app browser is a person whatever
 * else its user agent says, and a few tokens of real browsers are taken out before a second look.
 */
import { isbot } from 'isbot';

/**
 * Tokens of real browsers, outside the in-app browsers we recognise, that isbot's patterns match:
 * phone brands ending in "bot" (CUBOT, FOSSiBOT) where the brand is not after a space, the Apple
 * News app ("news").
 */
const BROWSER_TOKENS = /(?:cu|fossi)bot|\bAppleNews\/[\d.]+/gi;

/** HTTP clients of scripts that isbot's list lets through. */
const SCRIPTS = /PowerShell\/|^Dart\//;

/** An app's in-app browser is a web view: its user agent starts like the browser it embeds. */
const WEB_VIEW = /^Mozilla\/5\.0 \(/;

export function isBotUserAgent(userAgent: string, inApp: boolean): boolean {
  // A request without a user agent comes from a script, not a browser.
  if (userAgent.trim() === '') return true;
  if (inApp && WEB_VIEW.test(userAgent)) return false;
  if (!isbot(userAgent)) return SCRIPTS.test(userAgent);
  const rest = userAgent.replace(BROWSER_TOKENS, ' ');
  return rest === userAgent || isbot(rest);
}
