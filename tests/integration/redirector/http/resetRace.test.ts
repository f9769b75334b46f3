/**
 * A reset link used while its owner changes the password (docs/api.md#accounts), on both stores
 * and across two PostgreSQL instances: whichever wins, no session outlives a password it did not
 * set. The link holder's new session stands only if the password is the link's, and the owner's
 * own session only if it is the owner's new one. A change cancels the links (a link read before
 * the change and used after it is refused), and a change made just after the link's use ends the
 * session the link began. Each round runs both calls at once; without the reset's compare-and-set
 * the holder's session outlived the owner's change in some rounds on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call } from '../../../helpers/api';
import { twoTestServersOnOneSchema } from '../../../helpers/postgres';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const PUBLIC_URL = 'https://go.example.test';
const ROUNDS = 40;
/**
 * The change checks the current password and hashes the new one (two scrypt hashes, about 50 ms
 * each here), the reset hashes one: the reset starts later by a step more each round, so that the
 * rounds sweep its writes across the change's.
 */
const STEP_MS = 2.5;
const FIRST = 'first-password';
const LINKS = 'the-links-password';
const OWNERS = 'the-owners-password';

/** Each round from an address of its own: its ended sessions count as wrong credentials (docs/api.md#the-credential-limiter). */
const from = (n: number) => ({ 'X-Forwarded-For': `198.51.100.${n + 1}` });

const live = async (server: TestServer, token: string, n: number) =>
  (await call(server, 'GET', '/api/account', { headers: { ...bearer(token), ...from(n) } })).status === 200;

const signsIn = async (server: TestServer, email: string, password: string, n: number) =>
  (await call(server, 'POST', '/api/auth?action=login', { body: { email, password }, headers: from(n) })).status ===
  200;

/** One round: a reset on `resetOn` and the owner's change on `changeOn` at once; the sessions that stood against the password. */
async function round(n: number, resetOn: TestServer, changeOn: TestServer): Promise<string[]> {
  const email = `race${n}-${Date.now()}@example.org`;
  const made = await call(resetOn, 'POST', '/api/users', {
    headers: adminHeaders(resetOn.adminKey),
    body: { name: `Race ${n}`, email, password: FIRST },
  });
  expect(made.status, `round ${n}: ${JSON.stringify(made.body)}`).toBe(201);
  const owner = await call(resetOn, 'POST', '/api/auth?action=login', {
    body: { email, password: FIRST },
    headers: from(n),
  });
  const link = await call(resetOn, 'POST', `/api/users/reset?id=${made.body.id}`, {
    headers: adminHeaders(resetOn.adminKey),
  });
  const token = (link.body.url as string).slice(`${PUBLIC_URL}/reset/`.length);
  const [used, changed] = await Promise.all([
    new Promise((resolve) => setTimeout(resolve, n * STEP_MS)).then(() =>
      call(resetOn, 'POST', '/api/auth?action=reset', { body: { token, password: LINKS }, headers: from(n) }),
    ),
    call(changeOn, 'PUT', '/api/account', {
      headers: { ...bearer(owner.body.token), ...from(n) },
      body: { password: OWNERS, current_password: FIRST },
    }),
  ]);
  expect([200, 400]).toContain(used.status);
  expect(changed.status).toBe(200);
  const wrong: string[] = [];
  // A session stands only with the password it set: its password signs in.
  if (
    used.status === 200 &&
    (await live(changeOn, used.body.token, n)) &&
    !(await signsIn(changeOn, email, LINKS, n))
  ) {
    wrong.push(`round ${n}: the link's session outlived the owner's change`);
  }
  if ((await live(resetOn, owner.body.token, n)) && !(await signsIn(resetOn, email, OWNERS, n))) {
    wrong.push(`round ${n}: the owner's session outlived the link's password`);
  }
  return wrong;
}

async function race(resetOn: TestServer, changeOn: TestServer): Promise<void> {
  const wrong: string[] = [];
  for (let n = 0; n < ROUNDS; n++) wrong.push(...(await round(n, resetOn, changeOn)));
  expect(wrong).toEqual([]);
}

describe.each(STORE_SERVERS)('a reset link used while the password changes ($kind)', ({ start }) => {
  let server: TestServer & { close(): Promise<void> };
  serverSuite(start, [{ PUBLIC_URL, TRUST_PROXY: '1' }], (started) => (server = started));

  it('leaves no session standing against the password', async () => {
    await race(server, server);
  }, 60_000);
});

describe('a reset link used while the password changes on another PostgreSQL instance', () => {
  const instances = twoTestServersOnOneSchema({ PUBLIC_URL, TRUST_PROXY: '1' });

  it('leaves no session standing against the password', async () => {
    const { a, b } = instances();
    await race(a, b);
  }, 60_000);
});
