/**
 * The click's JSON written field by field (docs/performance.md#the-bytes-of-each-click-to-the-streams):
 * the same text as JSON.stringify of the click object, for every kind of string a click may hold,
 * its time as epoch milliseconds (a JSON number, as the stored click's).
 */
import { describe, expect, it } from 'vitest';
import { clickJson, clickJsonMostBytes, writeClickJson } from '../../../../redirector/events/clickJson';
import { eventClick } from '../../../../redirector/events/eventMessages';
import type { FeedClick } from '../../../../redirector/storage/repositories/eventFeed';

/** Strings that JSON writes as they are, and those it escapes. */
const ODD_STRINGS = [
  '',
  'Berlin',
  'München',
  'São Paulo',
  '東京',
  'Zürich "Altstadt"',
  'back\\slash',
  'tab\there',
  'line\nbreak',
  '\u0000',
  'unit \u001f separator',
  'del \u007f',
  '\u2028\u2029',
  'emoji 🚀',
  'lone \ud83d high',
  'lone \ude80 low',
  '</script>',
  "it's",
];

/** A click's string fields, each of which may hold any of ODD_STRINGS. */
const STRING_FIELDS = ['short_code', 'domain', 'country', 'city', 'device_type', 'os', 'browser', 'referrer_source'];

/** A small deterministic generator, so a failure names a click that can be made again. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
}

function clickOf(id: number, next: () => number): FeedClick {
  const pick = <T>(values: readonly T[]): T => values[next() % values.length]!;
  const maybe = () => (next() % 3 === 0 ? null : pick(ODD_STRINGS));
  return {
    id,
    link_id: next() % 100_000,
    short_code: pick(['spring', 'a', 'X_y-9', ...ODD_STRINGS]),
    user_id: null,
    team_id: null,
    domain: next() % 2 === 0 ? null : pick(['go.example.com', ...ODD_STRINGS]),
    clicked_at:
      pick([0, 1, 59_999, 60_000, Date.UTC(2026, 11, 31, 23, 59, 59, 999), 9_007_199_254_730_000]) + (next() % 10_000),
    country: pick(['DE', 'US', '', ...ODD_STRINGS]),
    city: maybe(),
    device_type: pick(['mobile', 'desktop', ...ODD_STRINGS]),
    os: maybe(),
    browser: maybe(),
    referrer_source: next() % 2 === 0 ? pick(['instagram', 'tiktok', 'google', 'facebook']) : maybe(),
    ip_address: '203.0.113.9',
    created_by: null,
  };
}

describe('clickJson', () => {
  it('is JSON.stringify of the click object, for 20,000 clicks of odd strings, nulls and times', () => {
    const next = numbers(42);
    for (let id = 1; id <= 20_000; id++) {
      const click = clickOf(id, next);
      expect(clickJson(click), JSON.stringify(click)).toBe(JSON.stringify(eventClick(click, false)));
    }
  });

  it('is JSON.stringify of the click object for each odd string in each field', () => {
    const base = clickOf(7, numbers(1));
    for (const field of STRING_FIELDS) {
      for (const value of ODD_STRINGS) {
        const click = { ...base, [field]: value };
        expect(clickJson(click), `${field}: ${JSON.stringify(value)}`).toBe(JSON.stringify(eventClick(click, false)));
      }
    }
  });

  it('is JSON.stringify of the click object for values outside the types (ids as text, a missing field)', () => {
    const base = clickOf(7, numbers(2));
    const odd = [
      { link_id: '12' },
      { clicked_at: '1764745200000' },
      { id: Number.NaN },
      { city: undefined },
      { os: 5 },
      { link_id: Number.POSITIVE_INFINITY },
      { clicked_at: -60_001 },
      { clicked_at: 1.5 },
      { clicked_at: Number.NaN },
    ];
    for (const changes of odd) {
      const click = { ...base, ...changes } as unknown as FeedClick;
      expect(clickJson(click), JSON.stringify(changes)).toBe(JSON.stringify(eventClick(click, false)));
    }
  });

  it('writes clicked_at as the stored epoch milliseconds, a JSON number (PostgreSQL’s bigint text too)', () => {
    const base = clickOf(7, numbers(5));
    for (const stored of [1_796_631_399_457, '1796631399457']) {
      const click = { ...base, clicked_at: stored } as unknown as FeedClick;
      for (const text of [clickJson(click), written(click)?.bytes.toString('utf8')]) {
        expect(JSON.parse(text!).clicked_at).toBe(1_796_631_399_457);
        expect(text).toContain('"clicked_at":1796631399457,');
      }
    }
  });
});

/** writeClickJson's bytes for the click, written at an offset into a buffer filled with other bytes; undefined when it does not write it. */
function written(click: FeedClick): { bytes: Buffer; most: number } | undefined {
  const most = clickJsonMostBytes(click);
  if (most === undefined) return undefined;
  const buffer = Buffer.alloc(most + 20, 0x7e);
  const end = writeClickJson(click, buffer, 7);
  expect(end - 7, JSON.stringify(click)).toBeLessThanOrEqual(most);
  expect(buffer.subarray(end).every((byte) => byte === 0x7e)).toBe(true);
  return { bytes: buffer.subarray(7, end), most };
}

describe('writeClickJson', () => {
  it('writes clickJson’s UTF-8 bytes, within the room asked, for 20,000 clicks of odd strings, nulls and times', () => {
    const next = numbers(43);
    let writtenCount = 0;
    for (let id = 1; id <= 20_000; id++) {
      const click = clickOf(id, next);
      const result = written(click);
      if (!result) continue;
      writtenCount++;
      expect(result.bytes.toString('utf8'), JSON.stringify(click)).toBe(clickJson(click));
    }
    expect(writtenCount).toBeGreaterThan(19_000);
  });

  it('writes each odd string in each field as clickJson does', () => {
    const base = clickOf(7, numbers(1));
    for (const field of STRING_FIELDS) {
      for (const value of [...ODD_STRINGS, 'x'.repeat(300), 'ü'.repeat(300), '"'.repeat(300), '\u0001'.repeat(50)]) {
        const click = { ...base, [field]: value };
        expect(written(click)?.bytes.toString('utf8'), `${field}: ${JSON.stringify(value)}`).toBe(clickJson(click));
      }
    }
  });

  it('writes the time’s digits as clickJson does, from 0 to the largest safe integer', () => {
    const base = clickOf(7, numbers(3));
    const next = numbers(9);
    const times = [0, 1, 9, 10, 59_999, 60_000, Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10_000, 0, 1)];
    times.push(Number.MAX_SAFE_INTEGER, 10 ** 15, 10 ** 15 - 1);
    for (let i = 0; i < 5_000; i++) times.push(1_764_745_200_000 + next() * (i % 2 === 0 ? 1 : 1000));
    for (const clicked_at of times) {
      const click = { ...base, clicked_at };
      expect(written(click)?.bytes.toString('utf8'), String(clicked_at)).toBe(clickJson(click));
    }
  });

  it('writes PostgreSQL’s bigint columns (text) as clickJson does', () => {
    const base = clickOf(7, numbers(4));
    for (const changes of [{ link_id: '12' }, { clicked_at: '1764745200123' }, { link_id: '9007199254740991' }]) {
      const click = { ...base, ...changes } as unknown as FeedClick;
      expect(written(click)?.bytes.toString('utf8'), JSON.stringify(changes)).toBe(clickJson(click));
    }
  });

  it('leaves to clickJson’s text what it does not write: other types, numbers written otherwise', () => {
    const base = clickOf(7, numbers(2));
    const odd = [
      { id: '12' },
      { id: Number.NaN },
      { id: -3 },
      { id: 1.5 },
      { link_id: 2 ** 60 },
      { link_id: 'x' },
      { city: undefined },
      { os: 5 },
      { clicked_at: 1.5 },
      { clicked_at: -1 },
      { clicked_at: 2 ** 60 },
      { clicked_at: Date.UTC(-1, 0, 1) },
    ];
    for (const changes of odd) {
      expect(
        clickJsonMostBytes({ ...base, ...changes } as unknown as FeedClick),
        JSON.stringify(changes),
      ).toBeUndefined();
    }
  });
});
