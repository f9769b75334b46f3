/**
 * Is this user agent a crawler, a link-preview fetcher or a script? isbot's list, minus the places
 * where its substring patterns hit real browsers: a recognised in-app browser is a person whatever
 * else its user agent says, and a few tokens of real browsers are taken out before a second look.
 */
import { isbot } from 'isbot';

/**
 * Tokens of real browsers that isbot's patterns match: phone brands ending in "bot" (CUBOT,
 * FOSSiBOT) where the brand is not after a space, screen sizes (the "24x7" of Site24x7 hits
 * 1024x720 and 1024x768), WeChat's `Process/tools`, the Apple News app (`news`).
 */
const BROWSER_TOKENS = /(?:cu|fossi)bot|\b\d{3,4}x\d{3,4}\b|\bProcess\/tools\w*|\bAppleNews\/[\d.]+/gi;

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
