/**
 * The one line an unexpected error gets: method, path without query, the error's class and code,
 * its stack frames. Never its message or properties: those of errors can hold request bodies,
 * passwords and tokens (a JSON parser quotes the text it failed on), the stack frames cannot.
 */
import { log } from './logger';

/** At most this many error lines per second: a client that finds a 500 cannot flood the log with it. */
const MAX_LOGGED_PER_SECOND = 10;
let logSecond = 0;
let loggedThisSecond = 0;
let suppressed = 0;

/** The pages whose address holds a one-time token (docs/api.md#joining-a-team): logged without it. */
const TOKEN_PAGE = /^\/(reset|join)\/[^/]*/;

/** `path` as a log may show it: without its query, a token page's token replaced by `…`. */
export function loggablePath(path: string): string {
  return (path.split('?')[0] ?? '').replace(TOKEN_PAGE, '/$1/…').slice(0, 200);
}

export function logUnexpectedError(method: string, path: string, caught: unknown): void {
  const second = Math.floor(Date.now() / 1000);
  if (second !== logSecond) {
    if (suppressed > 0) log.error(`${suppressed} more errors not logged`, { suppressed });
    logSecond = second;
    loggedThisSecond = 0;
    suppressed = 0;
  }
  if (loggedThisSecond >= MAX_LOGGED_PER_SECOND) {
    suppressed += 1;
    return;
  }
  loggedThisSecond += 1;
  const errorClass = caught instanceof Error ? caught.constructor.name : typeof caught;
  const code = (caught as { code?: unknown } | null)?.code;
  const frames =
    caught instanceof Error
      ? (caught.stack ?? '')
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 8)
          .map((line) => line.trim())
          .join(' | ')
      : '';
  const shownPath = loggablePath(path);
  const shownCode = typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : undefined;
  log.error(`unexpected error in ${method} ${shownPath}: ${errorClass}${shownCode ? ` ${shownCode}` : ''}`, {
    method,
    path: shownPath,
    errorClass,
    ...(shownCode ? { code: shownCode } : {}),
    frames,
  });
}
