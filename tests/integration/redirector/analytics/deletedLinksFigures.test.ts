/**
 * Deleting several links at once (a team, an account) leaves every repeat visitor's latest visit
 * on a click that is still stored (docs/api.md#get-apianalyticsrepeat-visitors-administrator), on
 * both stores: on PostgreSQL the links of one statement all ran their delete triggers before any
 * cascade, so the service-wide visitor kept a deleted link's click as its last visit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { newClick } from '../../../helpers/records';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from '../http/bothStores';

const AT = Date.UTC(2026, 0, 15, 9, 30);
const MINUTE = 60_000;
const VISITOR = '203.0.113.77';
const DAY = '2026-01-15';

type Server = Awaited<ReturnType<(typeof STORE_SERVERS)[number]['start']>>;

async function createLink(server: TestServer, headers: Record<string, string>, shortCode: string): Promise<number> {
  const created = await call(server, 'POST', '/api/links/create', {
    headers,
    body: { short_code: shortCode, target_url: `https://example.com/${shortCode}` },
  });
  expect(created.status).toBe(201);
  return created.body.link.id;
}

/** The visitor's two clicks on the kept link, then one on each link about to go, the same day. */
async function clickKeptThenGone(server: Server, kept: number, gone: readonly number[]): Promise<void> {
  await server.store.clicks.insertMany([
    newClick(kept, AT, { ip_address: VISITOR }),
    newClick(kept, AT + MINUTE, { ip_address: VISITOR }),
    ...gone.map((id, index) => newClick(id, AT + (index + 2) * MINUTE, { ip_address: VISITOR })),
  ]);
}

/** The visitor as the repeat visitors' panel shows it, all time and over the day of the clicks. */
async function visitorSeen(server: Server): Promise<unknown[]> {
  const views = [];
  for (const query of ['', `?from=${DAY}&to=${DAY}`]) {
    const answer = await call(server, 'GET', `/api/analytics/repeat-visitors${query}`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(answer.status).toBe(200);
    views.push(answer.body.top.find((visitor: { ip: string }) => visitor.ip === VISITOR));
  }
  return views;
}

const keptOnly = { ip: VISITOR, visits: 2, lastVisit: new Date(AT + MINUTE).toISOString() };

describe.each(STORE_SERVERS)('repeat visitors after several links go at once ($kind)', ({ start }) => {
  let server: Server;
  let kept: number;

  beforeAll(async () => {
    server = await start();
    kept = (
      await call(server, 'POST', '/api/links', {
        headers: adminHeaders(server.adminKey),
        body: { short_code: 'kept', target_url: 'https://example.com/kept' },
      })
    ).body.id;
  });
  afterAll(() => server.close());

  it("deleting a team leaves the visitor's last visit on the link that stays", async () => {
    const owner = await newUser(server, 'Owner');
    const team = await call(server, 'POST', '/api/teams', {
      headers: bearer(owner.token),
      body: { name: 'Gone Team' },
    });
    expect(team.status).toBe(201);
    const inTeam = { ...bearer(owner.token), 'X-Team': String(team.body.team.id) };
    const gone = [await createLink(server, inTeam, 'team-one'), await createLink(server, inTeam, 'team-two')];
    await clickKeptThenGone(server, kept, gone);
    // Read once, so that the clicks are folded into the rollups before the links go.
    expect(await visitorSeen(server)).toEqual([expect.objectContaining({ visits: 4 }), expect.anything()]);
    const removed = await call(server, 'DELETE', `/api/teams?id=${team.body.team.id}`, {
      headers: bearer(owner.token),
      body: { confirm: team.body.team.slug },
    });
    expect(removed.status).toBe(204);
    expect(await visitorSeen(server)).toEqual([expect.objectContaining(keptOnly), expect.objectContaining(keptOnly)]);
  });

  it("deleting an account leaves the visitor's last visit on the link that stays", async () => {
    const user = await newUser(server, 'Leaving');
    const gone = [
      await createLink(server, bearer(user.token), 'mine-one'),
      await createLink(server, bearer(user.token), 'mine-two'),
    ];
    await clickKeptThenGone(server, kept, gone);
    await visitorSeen(server);
    const removed = await call(server, 'DELETE', `/api/users?id=${user.user.id}`, {
      headers: adminHeaders(server.adminKey),
    });
    expect(removed.status).toBe(204);
    const [allTime] = await visitorSeen(server);
    // The kept link now holds four of the visitor's clicks, the latest at AT + 1 minute.
    expect(allTime).toEqual(expect.objectContaining({ visits: 4, lastVisit: new Date(AT + MINUTE).toISOString() }));
  });
});
