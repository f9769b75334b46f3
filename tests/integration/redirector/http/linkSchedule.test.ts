/**
 * A link's schedule over HTTP on both stores (docs/api.md#schedule-and-switch): a `starts_at` at or
 * after its `expires_at` makes a link that could never open, so it is a 400 on create, on an update
 * sending one of the two (checked against the stored other), and on an imported row; an update that
 * clears one, or touches neither, is not refused.
 */
import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const INVERTED = { error: 'starts_at must be before expires_at' };
const JAN_1 = '2031-01-01T00:00:00.000Z';
const JAN_2 = '2031-01-02T00:00:00.000Z';

describe.each(STORE_SERVERS)('a link starting after it expires ($kind)', ({ start }) => {
  let server: TestServer;
  const admin = () => ({ headers: adminHeaders(server.adminKey) });
  const create = (body: Record<string, unknown>) => call(server, 'POST', '/api/links', { ...admin(), body });
  const update = (id: number, body: Record<string, unknown>) =>
    call(server, 'PUT', `/api/links?id=${id}`, { ...admin(), body });

  serverSuite(start, [], (started) => (server = started));

  it('is refused on create, the same instant included, by the administrator and a user', async () => {
    for (const times of [
      { starts_at: JAN_2, expires_at: JAN_1 },
      { starts_at: JAN_1, expires_at: JAN_1 },
      { starts_at: '2031-01-01T02:00:00+03:00', expires_at: '2031-01-01T00:00:00+01:00' },
    ]) {
      const answer = await create({ target_url: 'https://example.com/', ...times });
      expect([answer.status, answer.body]).toEqual([400, INVERTED]);
    }
    const user = await newUser(server);
    const mine = await call(server, 'POST', '/api/links/create', {
      headers: bearer(user.token),
      body: { target_url: 'https://example.com/', starts_at: JAN_2, expires_at: JAN_1 },
    });
    expect([mine.status, mine.body]).toEqual([400, INVERTED]);
    const listed = await call(server, 'GET', '/api/links/user?archived=all', { headers: bearer(user.token) });
    expect(listed.body.total).toBe(0);
  });

  it('is refused on an update sending one time against the stored other; clearing one is fine', async () => {
    const made = await create({ target_url: 'https://example.com/', starts_at: JAN_1, expires_at: JAN_2 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { id } = made.body as Link;
    expect([(await update(id, { expires_at: JAN_1 })).body]).toEqual([INVERTED]);
    const later = await update(id, { starts_at: '2031-01-03T00:00:00Z' });
    expect([later.status, later.body]).toEqual([400, INVERTED]);
    const both = await update(id, { starts_at: JAN_2, expires_at: JAN_1 });
    expect([both.status, both.body]).toEqual([400, INVERTED]);
    const stored = await call(server, 'GET', `/api/links?id=${id}`, admin());
    expect([stored.body.starts_at, stored.body.expires_at]).toEqual([JAN_1, JAN_2]);

    const cleared = await update(id, { expires_at: null, starts_at: '2031-01-03T00:00:00Z' });
    expect([cleared.status, cleared.body.starts_at, cleared.body.expires_at]).toEqual([
      200,
      '2031-01-03T00:00:00.000Z',
      null,
    ]);
    const swapped = await update(id, { starts_at: JAN_1, expires_at: JAN_2 });
    expect([swapped.status, swapped.body.starts_at, swapped.body.expires_at]).toEqual([200, JAN_1, JAN_2]);
    expect((await update(id, { title: 'Renamed' })).status).toBe(200);
  });

  it('fails an imported row, naming its line, and imports the others', async () => {
    const csv = [
      'short_code,target_url,starts_at,expires_at',
      `sched-bad,https://example.com/,${JAN_2},${JAN_1}`,
      `sched-good,https://example.com/,${JAN_1},${JAN_2}`,
    ].join('\r\n');
    const answer = await call(server, 'POST', '/api/links/import', {
      headers: { ...adminHeaders(server.adminKey), 'Content-Type': 'text/csv' },
      rawBody: csv,
    });
    expect([answer.status, answer.body]).toEqual([
      200,
      { created: 1, failed: [{ line: 2, short_code: 'sched-bad', error: INVERTED.error }] },
    ]);
  });
});
