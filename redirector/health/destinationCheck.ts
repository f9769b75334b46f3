/**
 * One check of one destination (docs/api.md#link-health): HEAD, then GET when HEAD is refused (405
 * or 501), following up to 5 redirects, 10 s per attempt, connecting only where the outbound rules
 * allow (outbound/addressRules.ts: a private destination is `skipped`, not checked). Reads no body.
 *
 * What it found: `ok`; `broken` (404, 410, a DNS or TLS failure, more than 5 redirects); `soft` (a
 * 5xx, a timeout or a refused connection: broken only when the next check finds it too); `skipped`;
 * `unchecked` when the fault is this server's: its resolvers do not answer at all, or it has no
 * route to the network (ENETUNREACH, ENETDOWN). A name that does not exist, asked of resolvers that
 * answer, is still broken.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { notCheckedNoNetwork, notCheckedNoResolver } from '../contract/linkConversion';
import { guardedLookup, isPrivateAddress, type OutboundRules } from '../outbound/addressRules';

export const CHECK_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 5;

export type DestinationOutcome =
  | { kind: 'ok'; http_status: number }
  | { kind: 'broken' | 'soft'; http_status: number | null; error: string }
  | { kind: 'skipped'; error: string }
  /** Not the destination's fault: this server could not resolve or reach anything (its network is down). */
  | { kind: 'unchecked'; error: string };

export interface CheckOptions {
  rules: OutboundRules;
  userAgent: string;
  timeoutMs?: number;
  /** Runs each request (the first and every redirect hop) in its host's turn (hostPacer.ts). */
  pace?: <T>(url: URL, request: () => Promise<T>) => Promise<T>;
  /** Whether this server's resolvers answer (outbound/nameLookup.ts); asked when a name fails to resolve. */
  resolverAnswers?: () => Promise<boolean>;
  /** Aborted when the checks stop: a request under way is cut (its check is given up, not judged). */
  signal?: AbortSignal;
}

/** What one request answered: a status and where it redirects, or why none came. */
type Answer = { status: number; location: string | undefined } | { failure: NodeJS.ErrnoException };

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL)/;
const PRIVATE_CODE = 'EOUTBOUNDPRIVATE';

function requestOnce(url: URL, method: 'HEAD' | 'GET', options: CheckOptions): Promise<Answer> {
  return options.pace ? options.pace(url, () => sendOnce(url, method, options)) : sendOnce(url, method, options);
}

function sendOnce(url: URL, method: 'HEAD' | 'GET', options: CheckOptions): Promise<Answer> {
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
        signal: options.signal,
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

/** Failures that say this server has no network, not that the destination is wrong. */
const OWN_NETWORK_CODES = new Set(['ENETUNREACH', 'ENETDOWN']);

/** A failure to resolve the name (getaddrinfo's, or a resolver's query), not to connect. */
function isLookupFailure(failure: NodeJS.ErrnoException): boolean {
  const syscall = failure.syscall ?? '';
  return syscall === 'getaddrinfo' || syscall.startsWith('query') || /^EAI_/.test(failure.code ?? '');
}

async function failed(failure: NodeJS.ErrnoException, options: CheckOptions): Promise<DestinationOutcome> {
  const code = failure.code ?? '';
  if (OWN_NETWORK_CODES.has(code)) {
    return { kind: 'unchecked', error: notCheckedNoNetwork(code) };
  }
  if (isLookupFailure(failure) && options.resolverAnswers && !(await options.resolverAnswers())) {
    return { kind: 'unchecked', error: notCheckedNoResolver(code || 'no answer') };
  }
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
    if ('failure' in answer) return failed(answer.failure, options);
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
