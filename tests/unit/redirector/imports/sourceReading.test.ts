/**
 * Reading a shortener's HTTP API (docs/api.md#imports): Retry-After as seconds or a date, capped; a
 * page address on another origin refused before any request; links read on after a ref, also
 * after a restart (from the first page), and from the first link when that ref is gone.
 */
import { describe, expect, it } from 'vitest';
import type { SourceLink } from '../../../../redirector/imports/sources/importSource';
import { pagedLinks } from '../../../../redirector/imports/sources/pagedLinks';
import { createSourceHttp, retryAfterMs } from '../../../../redirector/imports/sources/sourceHttp';

const link = (ref: string): SourceLink => ({
  ref,
  short_code: ref,
  target_url: 'https://example.com/',
  title: null,
  created_at: null,
});

describe('reading a source over HTTP', () => {
  it('waits as Retry-After says, at most a minute', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('86400', now)).toBe(60_000);
    expect(retryAfterMs(undefined, now)).toBe(1000);
    expect(retryAfterMs('soon', now)).toBe(1000);
  });

  it('refuses a page address on another origin without asking it', async () => {
    const http = createSourceHttp({ base: new URL('http://127.0.0.1:9/api'), address: '127.0.0.1', headers: {} });
    await expect(http.get('http://169.254.169.254/latest')).rejects.toThrow(/another address/);
    await expect(http.get('//169.254.169.254/latest')).rejects.toThrow(/another address/);
  });

  it('reads links on after a ref, from the first page after a restart, and from the first link when the ref is gone', async () => {
    const all = ['a', 'b', 'c', 'd', 'e'].map(link);
    const asked: number[] = [];
    const reader = () =>
      pagedLinks(0, async (skip: number) => {
        asked.push(skip);
        return { rows: all.slice(skip, skip + 2), next: skip + 2 < all.length ? skip + 2 : null };
      });
    const read = reader();
    expect((await read(null, 3)).map((row) => row.ref)).toEqual(['a', 'b', 'c']);
    expect((await read('c', 3)).map((row) => row.ref)).toEqual(['d', 'e']);
    expect(await read('e', 3)).toEqual([]);
    expect(asked).toEqual([0, 2, 4]);
    const resumed = reader();
    expect((await resumed('b', 2)).map((row) => row.ref)).toEqual(['c', 'd']);
    expect((await reader()('gone', 2)).map((row) => row.ref)).toEqual(['a', 'b']);
  });
});
