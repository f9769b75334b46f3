/**
 * The calls the extension makes (docs/api.md#user-calls-authorization-bearer), with the API key
 * as a bearer. The server answers CORS for any origin (docs/api.md#cors), so no host permission is
 * needed. Each call answers its value or an ExtensionFailure, never throws.
 */
import {
  EXTENSION_RECENT_LINKS,
  type ExtensionFailure,
  failureOfAnswer,
  KEY_CHECK,
  keyCheckFailure,
} from '../../redirector/contract/extension';
import { usableLinkDomains } from '../../redirector/contract/teams';
import type { Settings } from './settings';

/** The fields of a link the extension shows. */
export interface ExtensionLink {
  id: number;
  short_url: string;
  target_url: string;
  title: string;
  clicks: number;
}

export interface ShortenRequest {
  target_url: string;
  short_code?: string;
  domain?: string | null;
  tags?: string[];
}

/**
 * The domains a link can be made on: the default one, and the team's custom domain once verified, of
 * those the key may use (`usable`, the custom domain first; null: the default domain).
 */
export interface ExtensionDomains {
  defaultDomain: string;
  usable: (string | null)[];
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ExtensionFailure };

const TIMEOUT_MS = 10_000;

interface Answer {
  status: number;
  ok: boolean;
  /** The JSON body, undefined when the answer was no JSON. */
  body: Record<string, unknown> | undefined;
}

/** One call with the key; undefined when the server did not answer. */
async function request(settings: Settings, path: string, init: RequestInit = {}): Promise<Answer | undefined> {
  try {
    const answer = await fetch(`${settings.server}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${settings.key}`, 'Content-Type': 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await answer.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    return { status: answer.status, ok: answer.ok, body };
  } catch {
    return undefined;
  }
}

const errorOf = (answer: Answer) => (typeof answer.body?.error === 'string' ? answer.body.error : undefined);

async function call<T>(settings: Settings, path: string, init: RequestInit = {}): Promise<Outcome<T>> {
  const answer = await request(settings, path, init);
  if (answer === undefined) return { ok: false, failure: { kind: 'unreachable' } };
  if (!answer.ok || answer.body === undefined) {
    return { ok: false, failure: failureOfAnswer(answer.ok ? 502 : answer.status, errorOf(answer)) };
  }
  return { ok: true, value: answer.body as T };
}

/** The options page's one check: does the server take this key for making links? (KEY_CHECK) */
export async function checkKey(settings: Settings): Promise<Outcome<true>> {
  const answer = await request(settings, KEY_CHECK.path, { method: KEY_CHECK.method, body: KEY_CHECK.body });
  if (answer === undefined) return { ok: false, failure: { kind: 'unreachable' } };
  // No JSON: not a Me server (another site at that address), as a 5xx would be read.
  const failure = keyCheckFailure(answer.body === undefined ? 502 : answer.status, errorOf(answer));
  return failure ? { ok: false, failure } : { ok: true, value: true };
}

/** The last links of the key's team, newest first. */
export async function recentLinks(settings: Settings): Promise<Outcome<ExtensionLink[]>> {
  const answer = await call<{ links: ExtensionLink[] }>(settings, `/api/links/user?per_page=${EXTENSION_RECENT_LINKS}`);
  return answer.ok ? { ok: true, value: answer.value.links } : answer;
}

export async function shorten(settings: Settings, request: ShortenRequest): Promise<Outcome<ExtensionLink>> {
  const answer = await call<{ link: ExtensionLink }>(settings, '/api/links/create', {
    method: 'POST',
    body: JSON.stringify(request),
  });
  return answer.ok ? { ok: true, value: answer.value.link } : answer;
}

export async function domains(settings: Settings): Promise<Outcome<ExtensionDomains>> {
  const answer = await call<{
    domain: string | null;
    default_domain: string;
    verification: { status?: string } | null;
    allowed_domains?: string[] | null;
  }>(settings, '/api/user/domain');
  if (!answer.ok) return answer;
  const { domain, default_domain: defaultDomain, verification, allowed_domains: allowed } = answer.value;
  const verified = domain && verification?.status === 'verified' ? domain : null;
  return { ok: true, value: { defaultDomain, usable: usableLinkDomains({ defaultDomain, verified, allowed }) } };
}
