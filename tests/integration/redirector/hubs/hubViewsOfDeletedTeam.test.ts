/**
 * Hub views are stored in batches, a turn of the event loop's views in one transaction
 * (hubs/viewRecorder.ts). A view of a hub whose account (its team) was deleted while the view
 * waited for its batch does not take the other hubs' views of the batch with it: they are stored
 * without it, on both stores (docs/api.md#the-hubs-figures).
 */
import { describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from '../http/bothStores';

describe.each(STORE_SERVERS)('hub views of a deleted account ($kind)', ({ start }) => {
  let server: TestServer & Awaited<ReturnType<typeof start>>;
  serverSuite(start, [], (p) => (server = p as typeof server));

  /** A user with a published hub of one heading: their token, personal team and the item's id. */
  async function hubOwner(handle: string) {
    const owner = await newUser(server, handle);
    const hub = await call(server, 'PUT', '/api/hub', {
      headers: bearer(owner.token),
      body: { handle, title: handle, published: true, items: [{ type: 'heading', text: 'Hello' }] },
    });
    expect(hub.status).toBe(200);
    const teams = await call(server, 'GET', '/api/teams', { headers: bearer(owner.token) });
    return { owner, team: teams.body.teams[0].id as number, item: hub.body.hub.items[0].id as number };
  }

  it("stores the batch's other views when one hub's account is gone", async () => {
    const gone = await hubOwner('gone-hub');
    const kept = await hubOwner('kept-hub');
    const deleted = await call(server, 'DELETE', '/api/account', {
      headers: bearer(gone.owner.token),
      body: { password: gone.owner.password },
    });
    expect(deleted.status).toBe(204);
    const at = Date.now();
    await server.store.hubs.addViews([
      { team_id: gone.team, viewed_at: at, visitor: '198.51.100.1', items: [gone.item] },
      { team_id: kept.team, viewed_at: at, visitor: '198.51.100.2', items: [kept.item] },
    ]);
    const stats = await call(server, 'GET', '/api/hub/stats', { headers: bearer(kept.owner.token) });
    expect([stats.body.views, stats.body.items]).toEqual([
      1,
      [{ id: kept.item, views: 1, clicks: 0, unique_clicks: 0, ctr: 0 }],
    ]);
  });
});
