/**
 * The three calls the extension makes (docs/api.md#user-calls-authorization-bearer), with the API key
 * as a bearer. The server answers CORS for any origin (docs/api.md#cors), so no host permission is
 * needed. Each call answers its value or an ExtensionFailure, never throws.
 */
import { EXTENSION_RECENT_LINKS, type ExtensionFailure, failureOfAnswer } from '../../redirector/contract/extension';
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

/** The domains a link can be made on: the default one, and the user's custom domain once verified. */
export interface ExtensionDomains {
  defaultDomain: string;
  custom: string | null;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ExtensionFailure };

const TIMEOUT_MS = 10_000;

async function call<T>(settings: Settings, path: string, init: RequestInit = {}): Promise<Outcome<T>> {
  let answer: Response;
  try {
    answer = await fetch(`${settings.server}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${settings.key}`, 'Content-Type': 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, failure: { kind: 'unreachable' } };
  }
  const body = (await answer.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!answer.ok || body === undefined) {
    const message = typeof body?.error === 'string' ? body.error : undefined;
    return { ok: false, failure: failureOfAnswer(answer.ok ? 502 : answer.status, message) };
  }
  return { ok: true, value: body as T };
}

/** The last links of the key's owner, newest first: also the options page's one check of a key. */
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
  }>(settings, '/api/user/domain');
  if (!answer.ok) return answer;
  const { domain, default_domain: defaultDomain, verification } = answer.value;
  return { ok: true, value: { defaultDomain, custom: domain && verification?.status === 'verified' ? domain : null } };
}
