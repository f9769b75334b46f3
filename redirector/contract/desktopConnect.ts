/**
 * The Connect screen's check, run in the page with the page's fetch: is the address a reachable,
 * healthy Me server, and does the admin key sign in? Answers a session token on success, or the
 * problem and a message for a person (CONNECT_MESSAGES).
 */
import type { AdminLoginResponse, ServiceConfigResponse } from './auth';
import { CONNECT_MESSAGES, type ConnectProblem, type ConnectResult, normaliseServerAddress } from './desktop';

export interface ConnectOptions {
  /** The page's fetch by default; tests and the main process pass Node's. */
  fetch?: typeof fetch;
  /** Per request; a server that takes longer counts as unreachable. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8_000;

type Fetched = { response: Response; body: unknown } | { response: undefined };

async function fetchJson(fetchFn: typeof fetch, url: string, init: RequestInit, timeoutMs: number): Promise<Fetched> {
  try {
    const response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.json().catch(() => undefined);
    return { response, body };
  } catch {
    return { response: undefined };
  }
}

/**
 * A page can't read an answer that lacks CORS headers, so a failed fetch is either no server or
 * another kind of server. A no-cors request tells them apart: it resolves (opaque) whenever
 * something answered. Node's fetch ignores the mode, which gives the same distinction.
 */
async function somethingAnswers(fetchFn: typeof fetch, baseUrl: string, timeoutMs: number): Promise<boolean> {
  try {
    await fetchFn(`${baseUrl}/`, { mode: 'no-cors', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

function failure(problem: ConnectProblem, baseUrl: string, detail?: string): ConnectResult {
  const message = CONNECT_MESSAGES[problem](baseUrl, detail);
  // An invalid address's detail is the address check's own message, not something a server said.
  return detail && problem !== 'invalid-address'
    ? { ok: false, problem, message, detail }
    : { ok: false, problem, message };
}

function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'string' ? error : undefined;
}

/** GET /healthz, GET /api/config, then POST /api/auth?action=admin with the key. */
export async function checkServer(
  address: string,
  adminKey: string,
  options: ConnectOptions = {},
): Promise<ConnectResult> {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const normalised = normaliseServerAddress(address);
  if (!normalised.ok) return failure('invalid-address', '', normalised.message);
  const { baseUrl } = normalised;

  const health = await fetchJson(fetchFn, `${baseUrl}/healthz`, {}, timeoutMs);
  if (health.response === undefined) {
    return failure((await somethingAnswers(fetchFn, baseUrl, timeoutMs)) ? 'not-me-server' : 'unreachable', baseUrl);
  }
  const healthy = health.response.ok && (health.body as { status?: unknown } | undefined)?.status === 'ok';
  if (!healthy) {
    // A Me server whose database does not answer still answers JSON; anything else is another server.
    const problem =
      errorText(health.body) !== undefined && health.response.status >= 500 ? 'unhealthy' : 'not-me-server';
    return failure(problem, baseUrl, `${health.response.status} ${errorText(health.body) ?? ''}`.trim());
  }

  const config = await fetchJson(fetchFn, `${baseUrl}/api/config`, {}, timeoutMs);
  const publicUrl = (config.response?.ok ? (config.body as Partial<ServiceConfigResponse>) : undefined)?.public_url;
  if (typeof publicUrl !== 'string') return failure('not-me-server', baseUrl);

  if (adminKey.trim() === '') return failure('wrong-key', baseUrl);
  const login = await fetchJson(
    fetchFn,
    `${baseUrl}/api/auth?action=admin`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key: adminKey }) },
    timeoutMs,
  );
  if (login.response === undefined) return failure('unreachable', baseUrl);
  if (login.response.status === 401) return failure('wrong-key', baseUrl);
  if (login.response.status === 429) return failure('too-many-attempts', baseUrl, errorText(login.body));
  const answer = login.body as Partial<AdminLoginResponse> | undefined;
  if (!login.response.ok || answer?.success !== true || typeof answer.apiKey !== 'string') {
    return failure('unhealthy', baseUrl, `${login.response.status} ${errorText(login.body) ?? ''}`.trim());
  }
  return { ok: true, baseUrl, publicUrl, token: answer.apiKey };
}
