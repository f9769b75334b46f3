/** Link change notifications between instances, and what a listener hears when its connection is lost. */
import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LinkChangeFeed, listenForLinkChanges } from '../../../../redirector/storage/postgres/linkChanges';
import { createPostgresStore, type PostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { createTestSchema, type TestSchema } from '../../../helpers/postgres';
import { newClick, newLink } from '../storage/storeKinds';

/** Resolves once `heard` holds `count` entries (or fails with what it holds after 10 s). */
async function hear(heard: (string | null)[], count: number): Promise<(string | null)[]> {
  const deadline = Date.now() + 10_000;
  while (heard.length < count) {
    if (Date.now() > deadline) throw new Error(`heard only ${JSON.stringify(heard)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return heard.splice(0, count);
}

describe('link changes', () => {
  let schema: TestSchema;
  let writer: PostgresStore;
  let feed: LinkChangeFeed | undefined;

  beforeEach(async () => {
    schema = await createTestSchema();
    writer = await createPostgresStore(schema.url);
  });
  afterEach(async () => {
    await feed?.close();
    feed = undefined;
    await writer.close();
    await schema.drop();
  });

  it('reach another instance: created, updated and deleted short codes, after commit', async () => {
    const other = await createPostgresStore(schema.url);
    const heard: (string | null)[] = [];
    other.onLinkChanged((shortCode) => heard.push(shortCode));
    try {
      const link = await writer.links.create(newLink({ short_code: 'CaseKept' }));
      expect(await hear(heard, 1)).toEqual(['CaseKept']);
      await writer.links.update(link.id, { target_url: 'https://example.org/' });
      expect(await hear(heard, 1)).toEqual(['CaseKept']);
      await writer.links.delete(link.id);
      expect(await hear(heard, 1)).toEqual(['CaseKept']);
      // Clicks, other tables and the links of another schema (another deployment) are not link changes.
      const elsewhere = await createTestSchema();
      const stranger = await createPostgresStore(elsewhere.url);
      await stranger.links.create(newLink({ short_code: 'elsewhere' }));
      await stranger.close();
      await elsewhere.drop();
      const kept = await writer.links.create(newLink({ short_code: 'kept' }));
      await writer.clicks.insertMany([newClick(kept.id, 1)]);
      await writer.users.create({ name: 'A', email: 'a@example.com', password_hash: 'x', created_at: 1 });
      await writer.links.update(kept.id, { title: 'Renamed' });
      expect(await hear(heard, 2)).toEqual(['kept', 'kept']);
    } finally {
      await other.close();
    }
  });

  it('are heard as "anything may have changed" when the connection is lost, then again after reconnecting', async () => {
    const name = `me-feed-${crypto.randomBytes(4).toString('hex')}`;
    const url = new URL(schema.url);
    url.searchParams.set('application_name', name);
    const logged: string[] = [];
    feed = await listenForLinkChanges(url.toString(), { log: (message) => logged.push(message), firstRetryMs: 50 });
    const heard: (string | null)[] = [];
    feed.subscribe((shortCode) => heard.push(shortCode));

    const killed = await schema.query<{ killed: boolean }>(
      'SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name = $1',
      [name],
    );
    expect(killed).toEqual([{ killed: true }]);
    expect(await hear(heard, 2)).toEqual([null, null]);
    expect(logged).toEqual([
      'lost the PostgreSQL connection that hears link changes; reconnecting',
      'listening for link changes again',
    ]);
    await writer.links.create(newLink({ short_code: 'after' }));
    expect(await hear(heard, 1)).toEqual(['after']);
  });
});
