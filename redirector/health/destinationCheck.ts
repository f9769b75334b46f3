/**
 * One check of one destination (docs/api.md#link-health): HEAD, then GET when HEAD is refused (405
 * or 501), following up to 5 redirects, 10 s per attempt, connecting only where the outbound rules
 * allow (outbound/addressRules.ts: a private destination is `skipped`, not checked). Reads no body.
 *
 * What it found: `ok`; `broken` (404, 410, a DNS or TLS failure, more than 5 redirects); `soft` (a
 * 5xx, a timeout or a refused connection: broken only when the next check finds it too); `skipped`.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isPrivateAddress, type OutboundRules } from '../outbound/addressRules';

export const CHECK_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 5;

export type DestinationOutcome =
  | { kind: 'ok'; http_status: number }
  | { kind: 'broken' | 'soft'; http_status: number | null; error: string }
  | { kind: 'skipped'; error: string };

export interface CheckOptions {
  rules: OutboundRules;
  userAgent: string;
  timeoutMs?: number;
}

/** What one request answered: a status and where it redirects, or why none came. */
type Answer = { status: number; location: string | undefined } | { failure: NodeJS.ErrnoException };

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL)/;
const PRIVATE_CODE = 'EOUTBOUNDPRIVATE';

function requestOnce(url: URL, method: 'HEAD' | 'GET', options: CheckOptions): Promise<Answer> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!options.rules.allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
    const failure: NodeJS.ErrnoException = new Error('private address');
    failure.code = PRIVATE_CODE;
    return Promise.resolve({ failure });
  }
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(answer);
    };
    const outgoing = client.request(
      url,
      {
        method,
        agent: false,
        lookup: guardedLookup(options.rules) as unknown as net.LookupFunction,
        headers: { 'User-Agent': options.userAgent, Accept: '*/*' },
      },
      (answer) => {
        settle({ status: answer.statusCode ?? 0, location: answer.headers.location });
        // The status is all a check needs.
        answer.destroy();
      },
    );
    const deadline = setTimeout(() => {
      const within = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
      const failure: NodeJS.ErrnoException = new Error(`no answer within ${within}`);
      failure.code = 'ETIMEDOUT';
      settle({ failure });
      outgoing.destroy();
    }, timeoutMs);
    outgoing.on('error', (failure: NodeJS.ErrnoException) => settle({ failure }));
    outgoing.end();
  });
}

function failed(failure: NodeJS.ErrnoException): DestinationOutcome {
  const code = failure.code ?? '';
  if (code === PRIVATE_CODE) return { kind: 'skipped', error: 'Private address: not checked' };
  if (code === 'ENOTFOUND') return { kind: 'broken', http_status: null, error: 'DNS: the name does not resolve' };
  if (TLS_CODES.test(code))
    return { kind: 'broken', http_status: null, error: `TLS: ${failure.message}`.slice(0, 200) };
  if (code === 'ETIMEDOUT') return { kind: 'soft', http_status: null, error: failure.message };
  return { kind: 'soft', http_status: null, error: (failure.message || code || 'connection failed').slice(0, 200) };
}

function judged(status: number): DestinationOutcome {
  if (status === 404 || status === 410) return { kind: 'broken', http_status: status, error: `HTTP ${status}` };
  if (status >= 500) return { kind: 'soft', http_status: status, error: `HTTP ${status}` };
  return { kind: 'ok', http_status: status };
}

/** Checks `address`; never throws. */
export async function checkDestination(address: string, options: CheckOptions): Promise<DestinationOutcome> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { kind: 'broken', http_status: null, error: 'Not a valid address' };
  }
  for (let redirects = 0; ; redirects += 1) {
    let answer = await requestOnce(url, 'HEAD', options);
    if ('status' in answer && (answer.status === 405 || answer.status === 501)) {
      answer = await requestOnce(url, 'GET', options);
    }
    if ('failure' in answer) return failed(answer.failure);
    const isRedirect = answer.status >= 300 && answer.status < 400 && answer.location !== undefined;
    if (!isRedirect) return judged(answer.status);
    if (redirects === MAX_REDIRECTS) {
      return { kind: 'broken', http_status: answer.status, error: `More than ${MAX_REDIRECTS} redirects` };
    }
    try {
      url = new URL(answer.location!, url);
    } catch {
      return { kind: 'broken', http_status: answer.status, error: 'Redirect to an invalid address' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'ok', http_status: answer.status };
  }
}
