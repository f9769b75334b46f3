/**
 * The click spool against the real PostgreSQL (docs/api.md#when-the-database-is-unreachable):
 * replayed in the order written, exactly once even when a replay dies half-way and runs again,
 * and a batch whose commit reached the database before its connection died is not stored twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClickSpool } from '../../../../redirector/storage/clickSpool';
import { createPostgresStore, type PostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import type { ClickMark } from '../../../../redirector/storage/store';
import { clickOf } from '../../../helpers/api';
import { closedAfterEach } from '../../../helpers/closedAfterEach';
import { createTestSchema } from '../../../helpers/postgres';
import { newLink } from '../../../helpers/records';
import { makeTempDir } from '../../../helpers/testServer';

const keep = closedAfterEach();

async function storeWithLink(): Promise<{ store: PostgresStore; linkId: number }> {
  const schema = keep(await createTestSchema(), (opened) => opened.drop());
  const store = keep(await createPostgresStore(schema.url), (opened) => opened.close());
  const link = await store.links.create(newLink({ title: 'Spooled', short_code: 'spooled', created_at: 0 }));
  return { store, linkId: link.id };
}

const addresses = async (s: PostgresStore, linkId: number) =>
  (await s.clicks.listByLink(linkId)).map((click) => click.ip_address);

describe('the click spool on PostgreSQL', () => {
  it('replays in order, and once more after a replay that died half-way stores nothing twice', async () => {
    const { store: s, linkId } = await storeWithLink();
    const dir = makeTempDir('me-spool-');
    const spool = createClickSpool(dir);
    for (let batch = 0; batch < 5; batch++) {
      const clicks = [0, 1].map((i) =>
        clickOf(linkId, { ip_address: `10.0.${batch}.${i}`, clicked_at: batch * 10 + i }),
      );
      spool.append({ sent: null, clicks });
    }
    expect(spool.pending()).toBe(10);

    // The process dies after the third batch's statement committed, before it heard so.
    let inserts = 0;
    const dying = async (clicks: Parameters<typeof s.clicks.insertMany>[0], mark: ClickMark) => {
      await s.clicks.insertMany(clicks, mark);
      if (++inserts === 3) throw new Error('killed');
    };
    await expect(spool.replay(dying)).rejects.toThrow('killed');
    expect(await addresses(s, linkId)).toHaveLength(6);

    // A new process finds the same file.
    const again = createClickSpool(dir);
    expect(again.pending()).toBe(10);
    expect(await again.replay((clicks, mark) => s.clicks.insertMany(clicks, mark))).toBe(10);
    const stored = await addresses(s, linkId);
    expect(stored).toEqual([0, 1, 2, 3, 4].flatMap((batch) => [`10.0.${batch}.0`, `10.0.${batch}.1`]));
    expect(again.pending()).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('skips a batch its place mark says reached the database, stores one it does not', async () => {
    const { store: s, linkId } = await storeWithLink();
    const spool = createClickSpool(makeTempDir('me-spool-'));
    // Batch 5 committed, but its connection died before the answer came back.
    const committed = { name: 'place-a', value: 5 };
    await s.clicks.insertMany([clickOf(linkId, { ip_address: '10.1.0.5' })], { set: committed });
    spool.append({ sent: committed, clicks: [clickOf(linkId, { ip_address: '10.1.0.5' })] });
    // Batch 6 from the same place never arrived.
    spool.append({ sent: { name: 'place-a', value: 6 }, clicks: [clickOf(linkId, { ip_address: '10.1.0.6' })] });
    await spool.replay((clicks, mark) => s.clicks.insertMany(clicks, mark));
    expect(await addresses(s, linkId)).toEqual(['10.1.0.5', '10.1.0.6']);
  });

  it('ignores a last line cut short by a crash: its batch was never answered', async () => {
    const { store: s, linkId } = await storeWithLink();
    const dir = makeTempDir('me-spool-');
    const spool = createClickSpool(dir);
    spool.append({ sent: null, clicks: [clickOf(linkId, { ip_address: '10.2.0.1' })] });
    const [file] = fs.readdirSync(dir);
    fs.appendFileSync(path.join(dir, file!), '{"sent":null,"clicks":[{"link_');
    await createClickSpool(dir).replay((clicks, mark) => s.clicks.insertMany(clicks, mark));
    expect(await addresses(s, linkId)).toEqual(['10.2.0.1']);
  });
});
