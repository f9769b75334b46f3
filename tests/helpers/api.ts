/** Small HTTP helpers shared by the API tests of accounts, links and domains. */
import { expect } from 'vitest';
import type { LoginResponse } from '../../redirector/contract/auth';
import type { NewClick } from '../../redirector/storage/records';
import { defaultLinkOptions } from './linkFixtures';
import { newClick } from './records';
import type { TestServer } from './testServer';

export { defaultLinkOptions };

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked with exact toEqual assertions
export type AnyAnswer = ApiAnswer<any>;

export interface CallOptions {
  body?: unknown;
  /** Sent as is, with no Content-Type unless one is given in headers. */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked with exact toEqual assertions
export async function call<T = any>(
  server: Pick<TestServer, 'url'>,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Uint8Array | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: (type.includes('application/json') ? JSON.parse(text) : text) as T,
  };
}

export const adminHeaders = (key: string) => ({ 'X-API-Key': key });

/** Disables the user as the administrator (PUT /api/users), on any instance of the service. */
export async function disableUser(server: { url: string; adminKey: string }, userId: number): Promise<void> {
  const answer = await fetch(`${server.url}/api/users?id=${userId}`, {
    method: 'PUT',
    headers: { ...adminHeaders(server.adminKey), 'Content-Type': 'application/json' },
    body: JSON.stringify({ disabled: true }),
  });
  expect(answer.status).toBe(200);
  await answer.arrayBuffer();
}
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A member's headers acting in a team (docs/api.md#teams): its session or key, and the team's id or slug. */
export const inTeam = (token: string, team: number | string) => ({ ...bearer(token), 'X-Team': String(team) });

/** POST /api/links/create (docs/api.md#links) as `headers` (a session, a key, a member in a team) with `body`. */
export const createLink = (
  server: Pick<TestServer, 'url'>,
  headers: Record<string, string>,
  body: Record<string, unknown>,
) => call(server, 'POST', '/api/links/create', { headers, body });

/** POST /api/webhooks (docs/api.md#webhooks) for link.created to `url` as `headers`: the new webhook's id. */
export async function createWebhook(
  server: { url: string },
  headers: Record<string, string>,
  url: string,
): Promise<number> {
  const made = await call(server, 'POST', '/api/webhooks', {
    headers,
    body: { url, events: ['link.created'] },
  });
  expect(made.status).toBe(201);
  return made.body.webhook.id;
}

/**
 * Each event click's `clicked_at` is the stored click's, as the click export gives it (epoch
 * milliseconds, docs/api.md#rules-for-every-call): a JSON number, never an ISO string.
 */
export async function expectExportedTimes(
  server: Pick<TestServer, 'url' | 'adminKey'>,
  clicks: readonly { id: number; link_id: number; clicked_at: unknown }[],
): Promise<void> {
  expect(clicks.length).toBeGreaterThan(0);
  const stored = new Map<number, unknown>();
  for (const linkId of new Set(clicks.map((click) => click.link_id))) {
    const exported = await call(server, 'GET', `/api/analytics/${linkId}/clicks?format=ndjson`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(exported.status).toBe(200);
    for (const line of (exported.body as string).trimEnd().split('\n')) {
      const click = JSON.parse(line) as { id: number; clicked_at: unknown };
      stored.set(click.id, click.clicked_at);
    }
  }
  for (const click of clicks) {
    expect(typeof click.clicked_at, `click ${click.id}: ${JSON.stringify(click.clicked_at)}`).toBe('number');
    expect(click.clicked_at, `click ${click.id}`).toBe(stored.get(click.id));
  }
}

/** A session token from POST /api/auth?action=admin. */
export async function adminSession(server: TestServer): Promise<string> {
  const answer = await call(server, 'POST', '/api/auth?action=admin', { body: { key: server.adminKey } });
  if (answer.status !== 200) throw new Error(`admin login failed: ${answer.status}`);
  return answer.body.apiKey;
}

let accounts = 0;

/** Registers a fresh account and signs it in. */
export async function newUser(
  server: Pick<TestServer, 'url'>,
  name = 'User',
): Promise<LoginResponse & { password: string }> {
  accounts += 1;
  const email = `${name.toLowerCase().replace(/\W/g, '')}${accounts}-${process.pid}@example.com`;
  const password = `pw-${accounts}-secret`;
  const registered = await call(server, 'POST', '/api/auth?action=register', { body: { name, email, password } });
  if (registered.status !== 201)
    throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await call<LoginResponse>(server, 'POST', '/api/auth?action=login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { ...login.body, password };
}

/** A new shared team of `owner`'s (POST /api/teams, docs/api.md#teams), named `name` (and `slug`): its id. */
export async function newTeam(server: TestServer, owner: { token: string }, name: string, slug?: string) {
  const made = await call(server, 'POST', '/api/teams', { headers: bearer(owner.token), body: { name, slug } });
  if (made.status !== 201) throw new Error(`team not made: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.team.id as number;
}

/**
 * `member` invited by `owner` to `team` (its id or slug) with `role` (or a whole membership: role,
 * own_links_only, domains), and joined (docs/api.md#joining-a-team).
 */
export async function joinTeam(
  server: TestServer,
  owner: { token: string },
  member: { token: string; user: { email: string } },
  team: string | number,
  role: string | object = 'editor',
): Promise<void> {
  const membership = typeof role === 'string' ? { role } : role;
  const invite = await call(server, 'POST', `/api/teams/invite?team=${team}`, {
    headers: bearer(owner.token),
    body: { email: member.user.email, ...membership },
  });
  const token = String(invite.body.url).split('/join/')[1];
  const joined = await call(server, 'POST', '/api/teams/join', { headers: bearer(member.token), body: { token } });
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`);
}

/** Every field docs/api.md#links puts on a link object, in the contract's order. */
export const LINK_FIELDS = [
  'id',
  'title',
  'target_url',
  'short_code',
  'clicks',
  'total_clicks',
  'unique_visitors',
  'blocked_visitors',
  'imported_clicks',
  'created_at',
  'enable_tiktok_bypass',
  'enable_country_redirect',
  'country_redirect_url',
  'enable_instagram_exit',
  'instagram_exit_url',
  'user_id',
  'team_id',
  'created_by',
  'updated_by',
  'tags',
  'domain',
  'short_url',
  ...Object.keys(defaultLinkOptions()),
].sort();

/** A stored click as the redirect path would store it (for counts and delete tests). */
export function clickOf(linkId: number, overrides: Partial<NewClick> = {}): NewClick {
  return newClick(linkId, Date.UTC(2026, 0, 15, 12, 0, 0), { ip_address: '203.0.113.1', ...overrides });
}
