/**
 * The bytes each live stream gets for the clicks of a read (docs/api.md#live-stream), pinned to
 * the events as written out by hand from JSON.stringify of the click objects: the administrator's
 * with `ip` last, a team's without, in id order, with non-ASCII text in the clicks (the chunks are
 * sized in UTF-8 bytes, docs/performance.md#the-bytes-of-each-click-to-the-streams); on PostgreSQL
 * a click found late (a gap) that a stream's replay already wrote is not written to it again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClickTexts } from '../../../../redirector/events/clickTexts';
import { eventClick } from '../../../../redirector/events/eventMessages';
import { createStreamHub, REPLAY_LIMIT, type StreamHub, type StreamOut } from '../../../../redirector/events/streamHub';
import type { EventFeed, FeedClick, FeedQuery } from '../../../../redirector/storage/repositories/eventFeed';

const CITIES = ['München', 'Berlin', null, '東京', 'Zürich "Altstadt"', 'line\nbreak \u2028', 'emoji 🚀'];

const click = (id: number, teamId: number | null): FeedClick => ({
  id,
  link_id: 10 + id,
  short_code: `code${id}`,
  user_id: teamId === null ? null : teamId + 100,
  team_id: teamId,
  domain: id % 3 === 0 ? 'go.example.com' : null,
  clicked_at: Date.UTC(2026, 11, 4, 12, 0, 0, id * 37),
  country: 'DE',
  city: CITIES[id % CITIES.length]!,
  device_type: 'mobile',
  os: id % 2 === 0 ? 'Android' : null,
  browser: 'Chrome',
  referrer_source: id % 4 === 0 ? 'instagram' : null,
  ip_address: id % 2 === 0 ? `203.0.113.${id}` : `2001:db8::${id}`,
  created_by: null,
});

/** The events a stream must get for these clicks, written out from the click objects. */
function expected(clicks: readonly FeedClick[], withAddress: boolean): string {
  return clicks
    .map((one) => `id: ${one.id}\nevent: click\ndata: ${JSON.stringify(eventClick(one, withAddress))}\n\n`)
    .join('');
}

/** A stream's out: every chunk written, as bytes. */
function recorder(): StreamOut & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return {
    writableLength: 0,
    write(chunk) {
      chunks.push(Buffer.from(chunk));
      return true;
    },
    end: () => undefined,
    bytes: () => Buffer.concat(chunks),
  };
}

/** A feed over `stored` (clicks committed so far, in any id order), as the store answers the hub. */
function feedOf(stored: FeedClick[]): EventFeed {
  const inOrder = () => [...stored].sort((a, b) => a.id - b.id);
  return {
    lastClickId: async () => 0,
    async clicksAfter({ after, upTo, scope, limit }: FeedQuery) {
      const team = scope.team?.id ?? null;
      return inOrder()
        .filter((one) => one.id > after && (upTo === undefined || one.id <= upTo))
        .filter((one) => team === null || one.team_id === team)
        .slice(0, limit);
    },
    clicksWithIds: async (ids) => inOrder().filter((one) => ids.includes(one.id)),
    saveTicket: async () => undefined,
    takeTicket: async () => undefined,
  };
}

/** `feedOf(stored)` whose last click id is the highest stored, as the store answers it (a catch-up then reads up to it). */
const feedToLast = (stored: FeedClick[]): EventFeed => ({
  ...feedOf(stored),
  lastClickId: async () => stored.reduce((highest, one) => Math.max(highest, one.id), 0),
});

/** A hub reading `stored` (pushed to as a test goes); `feed`: the store's answers, `feedOf(stored)` unless given. */
const hubOn = (stored: FeedClick[], engine: 'sqlite' | 'postgres', feed = feedOf(stored)) =>
  createStreamHub({
    feed,
    texts: createClickTexts(),
    streamMax: 100,
    engine,
    log: (message) => expect.fail(message),
  });

let hub: StreamHub | undefined;
afterEach(() => hub?.stop());

describe('the live streams’ bytes', () => {
  it('are each click’s event, with the address for the administrator only, in id order', async () => {
    const stored: FeedClick[] = [];
    hub = hubOn(stored, 'sqlite');
    const admins = [recorder(), recorder()];
    const teams = [recorder(), recorder(), recorder()];
    for (const out of admins) await hub.open({ teamId: null, account: null, creator: null }, out, undefined);
    await hub.open({ teamId: 1, account: 1, creator: null }, teams[0]!, undefined);
    await hub.open({ teamId: 1, account: 1, creator: null }, teams[1]!, undefined);
    await hub.open({ teamId: 2, account: 2, creator: null }, teams[2]!, undefined);

    const first = Array.from({ length: 40 }, (_, i) => click(i + 1, [null, 1, 2, 3][i % 4]!));
    stored.push(...first);
    await hub.catchUp();
    const second = [click(41, 2), click(42, null)];
    stored.push(...second);
    await hub.catchUp();

    const all = [...first, ...second];
    const ofTeam = (team: number) => all.filter((one) => one.team_id === team);
    const retry = 'retry: 2000\n\n';
    for (const out of admins) expect(out.bytes()).toEqual(Buffer.from(retry + expected(all, true)));
    expect(teams[0]!.bytes()).toEqual(Buffer.from(retry + expected(ofTeam(1), false)));
    expect(teams[1]!.bytes()).toEqual(Buffer.from(retry + expected(ofTeam(1), false)));
    expect(teams[2]!.bytes()).toEqual(Buffer.from(retry + expected(ofTeam(2), false)));
  });

  it('are every click stored before a catch-up (a link’s deletion), read page by page', async () => {
    const stored: FeedClick[] = [];
    hub = hubOn(stored, 'sqlite', feedToLast(stored));
    const admin = recorder();
    await hub.open({ teamId: null, account: null, creator: null }, admin, undefined);
    const clicks = Array.from({ length: REPLAY_LIMIT * 2 + 17 }, (_, i) => click(i + 1, null));
    stored.push(...clicks);
    await hub.catchUp();
    expect(admin.bytes()).toEqual(Buffer.from(`retry: 2000\n\n${expected(clicks, true)}`));
  });

  it('are whole when a read takes more bytes than its first buffer (a team’s starts small, long texts)', async () => {
    const stored: FeedClick[] = [];
    hub = hubOn(stored, 'sqlite');
    const admin = recorder();
    const team = recorder();
    await hub.open({ teamId: null, account: null, creator: null }, admin, undefined);
    await hub.open({ teamId: 7, account: 7, creator: null }, team, undefined);
    // A full read (1,000 clicks), most of them team 7's, some with a city of 300 three-byte characters.
    const read = Array.from({ length: 1000 }, (_, i) => ({
      ...click(i + 1, i % 10 === 0 ? null : 7),
      city: i % 5 === 0 ? '東'.repeat(300) : CITIES[i % CITIES.length]!,
    }));
    stored.push(...read);
    await hub.catchUp();

    const retry = 'retry: 2000\n\n';
    // Compared whole (a diff of two such buffers would take minutes): their sizes, and whether every byte is the same.
    const same = (got: Buffer, want: Buffer) => ({ bytes: got.length, same: got.equals(want) });
    const wantAdmin = Buffer.from(retry + expected(read, true));
    const wantTeam = Buffer.from(
      retry +
        expected(
          read.filter((one) => one.team_id === 7),
          false,
        ),
    );
    expect(same(admin.bytes(), wantAdmin)).toEqual({ bytes: wantAdmin.length, same: true });
    expect(same(team.bytes(), wantTeam)).toEqual({ bytes: wantTeam.length, same: true });
  });

  it('write every id’s digits and an address that is null or missing as JSON.stringify does', async () => {
    const stored: FeedClick[] = [];
    hub = hubOn(stored, 'sqlite');
    const admin = recorder();
    const team = recorder();
    await hub.open({ teamId: null, account: null, creator: null }, admin, undefined);
    await hub.open({ teamId: 3, account: 3, creator: null }, team, undefined);
    const ids = [9, 10, 99, 100, 1009, 65_536, 4_294_967_296, 123_456_789_012_345];
    const read = ids.map((id, i) => {
      const one = click(id, 3);
      // What a row could hold besides a text (the type says a text): null, or no address read at all.
      if (i % 3 === 1) return { ...one, ip_address: null as unknown as string };
      if (i % 3 === 2) return { ...one, ip_address: undefined as unknown as string };
      return one;
    });
    stored.push(...read);
    await hub.catchUp();

    const retry = 'retry: 2000\n\n';
    expect(admin.bytes().toString()).toBe(retry + expected(read, true));
    expect(team.bytes().toString()).toBe(retry + expected(read, false));
  });

  it('write an address JSON escapes or of several bytes a unit as JSON.stringify does', async () => {
    const stored: FeedClick[] = [];
    hub = hubOn(stored, 'sqlite');
    const admin = recorder();
    await hub.open({ teamId: null, account: null, creator: null }, admin, undefined);
    // What a stored address could hold besides an address: JSON's escapes, characters past ASCII, a lone surrogate.
    const addresses = ['a"b', 'c\\d', 'e\u0001f', 'ñ', '日本', '\ud800', '😀', `${'x'.repeat(40)}${'y'.repeat(40)}`];
    const read = addresses.map((address, i) => ({ ...click(20 + i, 3), ip_address: address }));
    stored.push(...read);
    await hub.catchUp();

    expect(admin.bytes().toString()).toBe(`retry: 2000\n\n${expected(read, true)}`);
  });

  it('on PostgreSQL: a gap found later goes to each stream once, not again to one whose replay wrote it', async () => {
    const stored = [click(1, 1), click(2, null), click(4, 1)];
    hub = hubOn(stored, 'postgres');
    const admin = recorder();
    const early = recorder();
    await hub.open({ teamId: null, account: null, creator: null }, admin, undefined);
    await hub.open({ teamId: 1, account: 1, creator: null }, early, undefined);
    await hub.catchUp(); // reads 1, 2, 4: 3 is a gap

    stored.push(click(3, 1)); // committed late
    const replayed = recorder();
    await hub.open({ teamId: 1, account: 1, creator: null }, replayed, 0); // its replay writes 1, 3, 4
    await hub.catchUp(); // finds 3

    const retry = 'retry: 2000\n\n';
    const [one, two, three, four] = [click(1, 1), click(2, null), click(3, 1), click(4, 1)];
    expect(admin.bytes()).toEqual(Buffer.from(retry + expected([one, two, four, three], true)));
    expect(early.bytes()).toEqual(Buffer.from(retry + expected([one, four, three], false)));
    expect(replayed.bytes()).toEqual(Buffer.from(retry + expected([one, three, four], false)));
  });
});
