/**
 * The clicks' texts made once and shared (docs/performance.md#events): the same JSON as the click
 * objects would give, in the webhook's and the broker's bodies and the streams' events.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { newBrokerMessage } from '../../../../redirector/events/brokers/brokerMessages';
import { createClickTexts } from '../../../../redirector/events/clickTexts';
import { bodyOf, ClickTextsData, eventClick, messageBody } from '../../../../redirector/events/eventMessages';
import type { FeedClick } from '../../../../redirector/storage/repositories/eventFeed';

const click = (id: number, changes: Partial<FeedClick> = {}): FeedClick => ({
  id,
  link_id: 3,
  short_code: 'spring',
  user_id: null,
  team_id: null,
  domain: null,
  clicked_at: Date.UTC(2026, 11, 3, 6, 0, id),
  country: 'DE',
  city: 'München "Mitte"',
  device_type: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  referrer_source: id % 2 === 0 ? 'instagram' : null,
  ip_address: `203.0.113.${id}`,
  created_by: null,
  ...changes,
});

describe('click texts', () => {
  it('are the JSON of the click as events carry it, with or without the address', () => {
    const texts = createClickTexts();
    for (const one of [click(1), click(2), click(3, { domain: 'go.example.com', ip_address: '2001:db8::1' })]) {
      expect(texts.text(one)).toBe(JSON.stringify(eventClick(one, false)));
      expect(texts.withAddress(one)).toBe(JSON.stringify(eventClick(one, true)));
    }
  });

  it('follow a change of the link’s short code or domain, and keep at most what they may', () => {
    const texts = createClickTexts(2);
    texts.text(click(1));
    expect(texts.text(click(1, { short_code: 'summer' }))).toContain('"short_code":"summer"');
    expect(texts.text(click(1, { short_code: 'summer', domain: 'go.example.com' }))).toContain(
      '"domain":"go.example.com"',
    );
    for (let id = 2; id <= 5; id++) texts.text(click(id));
    expect(texts.text(click(1))).toBe(JSON.stringify(eventClick(click(1), false)));
  });

  it('keep the last half of what they may at least, and never more than that', () => {
    const texts = createClickTexts(10);
    const made = (id: number) => texts.text(click(id, { city: 'made' }));
    for (let id = 1; id <= 100; id++) made(id);
    // A kept text serves while the short code and domain are the same (another city shows it was not made again).
    const served = (id: number) => texts.text(click(id, { city: 'again' })).includes('"city":"made"');
    expect([96, 97, 98, 99, 100].map(served)).toEqual([true, true, true, true, true]);
    expect([81, 85, 89, 90].map(served)).toEqual([false, false, false, false]);
  });

  it('are made again once the ring has gone round over their bytes, and copy as their text', () => {
    // 2,000 slots, each text about 1 KB: the 1 MiB ring goes round before the slots do.
    const texts = createClickTexts(2000);
    const long = (id: number) => click(id, { city: `${'x'.repeat(900)}${id}` });
    for (let id = 1; id <= 2000; id++) texts.text(long(id));
    for (const id of [1, 2, 500, 1999, 2000]) {
      const want = JSON.stringify(eventClick(long(id), false));
      expect(texts.text(long(id))).toBe(want);
      const copied = Buffer.alloc(texts.byteLength(long(id)) + 2, '*');
      expect(texts.copy(long(id), copied, 1)).toBe(Buffer.byteLength(want));
      expect(copied.toString()).toBe(`*${want}*`);
    }
  });

  it('keep their bytes outside the heap', () => {
    const count = 20_000;
    const texts = createClickTexts(count);
    const held = heapHeldBy(() => {
      for (let id = 1; id <= count; id++) texts.text(click(id));
      return texts;
    });
    // A text kept as a string held about 400 bytes of heap (docs/performance.md#kept-texts-made-flat).
    expect(held / count).toBeLessThan(32);
  });
});

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** Bytes of heap the value `make` returns holds once every collection has run. */
function heapHeldBy(make: () => unknown): number {
  collect();
  collect();
  const before = process.memoryUsage().heapUsed;
  const held = make();
  collect();
  collect();
  const after = process.memoryUsage().heapUsed;
  expect(held).toBeDefined();
  return after - before;
}

describe('message bodies of click texts', () => {
  const clicks = [click(1), click(2), click(3)];
  const texts = createClickTexts();
  const data = new ClickTextsData(clicks, texts);
  const objects = { clicks: clicks.map((one) => eventClick(one, false)) };

  it('are the webhook’s body as the click objects would make it', () => {
    const now = Date.UTC(2026, 11, 3, 7);
    const origin = { team_id: 4, actor: null };
    // Made as bytes (sent and stored as they are), the text's UTF-8 bytes.
    const made = messageBody('link.clicked', now, data, origin);
    expect(Buffer.isBuffer(made)).toBe(true);
    expect(made.toString()).toBe(messageBody('link.clicked', now, objects, origin));
    expect(messageBody('link.clicked', now, new ClickTextsData([], texts)).toString()).toBe(
      messageBody('link.clicked', now, { clicks: [] }),
    );
  });

  it('are made as bytes of the exact size, whatever the texts’ characters', () => {
    const cities = ['東京 🚀', 'München', '\u2028', null];
    const many = cities.map((city, i) => click(10 + i, { city }));
    for (const count of [0, 1, 2, 4]) {
      const body = { type: 'link.clicked', timestamp: 'ä', data: new ClickTextsData(many.slice(0, count), texts) };
      const bytes = bodyOf(body);
      // The same body with the clicks as objects, as JSON.stringify writes it.
      const expected = JSON.stringify({
        ...body,
        data: { clicks: many.slice(0, count).map((one) => eventClick(one, false)) },
      });
      expect(Buffer.isBuffer(bytes) && bytes.equals(Buffer.from(expected))).toBe(true);
      const parsed = JSON.parse(bytes.toString()).data.clicks;
      expect(parsed).toEqual(many.slice(0, count).map((one) => JSON.parse(JSON.stringify(eventClick(one, false)))));
    }
  });

  it('are the broker’s body as the click objects would make it', () => {
    const now = Date.UTC(2026, 11, 3, 7);
    const made = newBrokerMessage('link.clicked', now, data);
    const parsed = JSON.parse(made.body.toString());
    expect(parsed.data).toEqual(JSON.parse(JSON.stringify(objects)));
    const fromObjects = newBrokerMessage('link.clicked', now, objects).body.toString();
    expect(made.body.toString()).toBe(fromObjects.replace(/msg_[\w-]+/, parsed.id));
  });
});
