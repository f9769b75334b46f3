/** Seeding and calling helpers shared by the analytics tests. */
import http from 'node:http';
import type { NewClick, NewLink } from '../../redirector/storage/records';
import { type AnyAnswer, adminHeaders, call } from './api';
import { newLink } from './records';
import type { TestServer } from './testServer';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A clock the test moves by hand. */
export function manualClock(start: number) {
  let now = start;
  return {
    now: () => now,
    set(ms: number) {
      now = ms;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

/** GET /<shortCode> with node:http (fetch would not send Referer and follows redirects). */
export function visit(
  server: TestServer,
  shortCode: string,
  visitor: { userAgent: string; ip: string; referer?: string },
): Promise<number> {
  const headers: Record<string, string> = { 'User-Agent': visitor.userAgent, 'X-Forwarded-For': visitor.ip };
  if (visitor.referer !== undefined) headers.Referer = visitor.referer;
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}/${shortCode}`, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

export function admin(server: TestServer, path: string): Promise<AnyAnswer> {
  return call(server, 'GET', path, { headers: adminHeaders(server.adminKey) });
}

let codes = 0;

/** A link written straight to the store (for fixture-loaded tests). */
export async function storeLink(server: TestServer, changes: Partial<NewLink> = {}) {
  codes += 1;
  return server.store.links.create(
    newLink({ title: `Link ${codes}`, short_code: `fixture-${codes}`, created_at: Date.UTC(2025, 0, 1), ...changes }),
  );
}

export { newClick as fixtureClick } from './records';

/** Loads time-shifted clicks through the store, in one transaction like the click recorder's. */
export async function loadClicks(server: TestServer, clicks: readonly NewClick[]): Promise<void> {
  await server.store.clicks.insertMany(clicks);
}

/** The seven dates (YYYY-MM-DD) ending with `lastDate`, oldest first. */
export function sevenDays(lastDate: string, clicks: readonly number[]): { date: string; clicks: number }[] {
  const last = Date.parse(`${lastDate}T00:00:00Z`);
  return clicks.map((count, index) => ({
    date: new Date(last - (6 - index) * DAY).toISOString().slice(0, 10),
    clicks: count,
  }));
}

export function hours(entries: Record<number, number>): number[] {
  return Array.from({ length: 24 }, (_, hour) => entries[hour] ?? 0);
}

export function weekdays(entries: Record<number, number>): number[] {
  return Array.from({ length: 7 }, (_, day) => entries[day] ?? 0);
}
