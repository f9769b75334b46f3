/**
 * The browser extension's pure rules (docs/extension.md): which server address it accepts, which
 * tabs it can shorten, and what each failed call means to the person using it. The extension's
 * pages and its tests import these; nothing here touches a browser API.
 */
import { ACCOUNT_DISABLED } from './lists';
import { READ_KEY_MISSING } from './teams';
import { normaliseHttpUrl, withDefaultScheme } from './urls';

/** The popup lists this many of the latest links. */
export const EXTENSION_RECENT_LINKS = 10;

/**
 * The server's origin as typed in the options (`links.example.com`, `http://127.0.0.1:8080/`):
 * `https://` when no scheme is written, any path dropped (the API lives at the origin's `/api`);
 * undefined when it is no http(s) address.
 */
export function serverOrigin(typed: string): string | undefined {
  const href = normaliseHttpUrl(withDefaultScheme(typed));
  return href === undefined ? undefined : new URL(href).origin;
}

/** Only web pages can be shortened: an http(s) address (not `chrome://`, `about:`, `file:` or a store page's own scheme). */
export function isWebPage(url: string | undefined): url is string {
  return url !== undefined && normaliseHttpUrl(url) !== undefined;
}

/** What went wrong with a call, in the words the popup and the options page say. */
export type ExtensionFailure =
  | { kind: 'unreachable' }
  | { kind: 'wrongKey' }
  | { kind: 'accountDisabled' }
  | { kind: 'readOnly' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'tooMany' }
  | { kind: 'rejected'; message: string }
  | { kind: 'serverError'; status: number }
  | { kind: 'notWebPage' };

/**
 * A failed answer's meaning (docs/api.md#statuses): 401 a wrong or deleted key, or the key's account
 * disabled (ACCOUNT_DISABLED: a new key would not help; docs/extension.md), 403 a read-only key
 * (the scope's own sentence) or another refusal (the link limit, a role, a domain; the server's
 * sentence kept), 429 the credential limiter, another 4xx the server's own sentence (a taken short
 * code, a bad tag), 5xx the server's trouble.
 */
export function failureOfAnswer(status: number, serverMessage: string | undefined): ExtensionFailure {
  const message = serverMessage?.trim() || `HTTP ${status}`;
  if (status === 401) return message === ACCOUNT_DISABLED ? { kind: 'accountDisabled' } : { kind: 'wrongKey' };
  if (status === 403 && message === READ_KEY_MISSING) return { kind: 'readOnly' };
  if (status === 403) return { kind: 'forbidden', message };
  if (status === 429) return { kind: 'tooMany' };
  if (status >= 500) return { kind: 'serverError', status };
  return { kind: 'rejected', message };
}

/**
 * The options page's one check of a key (docs/extension.md#set-it-up): a create with no address.
 * The server decides a key's scope and role before it reads the body, so a key that may make links
 * gets the body's 400 and nothing is made; a read-only key its 403, a wrong one 401.
 */
export const KEY_CHECK = { method: 'POST', path: '/api/links/create', body: '{}' } as const;

/** The check's answer: undefined when the key may make links, else what is wrong. */
export function keyCheckFailure(status: number, serverMessage: string | undefined): ExtensionFailure | undefined {
  return status === 400 || (status >= 200 && status < 300) ? undefined : failureOfAnswer(status, serverMessage);
}
