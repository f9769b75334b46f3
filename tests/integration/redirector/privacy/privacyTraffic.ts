/** Traffic shared by the privacy suites: visitors whose full addresses must never be stored. */
import { expect } from 'vitest';
import { admin, visit } from '../../../helpers/analytics';
import type { TestServer } from '../../../helpers/testServer';
import { UA } from '../../../helpers/visitors';

/** Two pairs share a /24 or a /48: truncated they look alike, yet they are four visitors. */
export const FULL_ADDRESSES = [
  '198.51.100.77',
  '198.51.100.78',
  '203.0.113.45',
  '2001:db8:abcd:1234:5678:9abc:def0:1111',
  '2001:db8:abcd:9999:8888:7777:6666:2222',
] as const;

export const TRUNCATED = ['198.51.100.0', '203.0.113.0', '2001:db8:abcd::'];

/** Visits per address: 3, 1, 2, 2, 1. */
const VISITS = [3, 1, 2, 2, 1];

export async function sendTraffic(server: { url: string }, shortCode: string): Promise<void> {
  for (const [i, ip] of FULL_ADDRESSES.entries()) {
    for (let n = 0; n < VISITS[i]!; n++) {
      expect(await visit(server as TestServer, shortCode, { userAgent: UA.desktopChrome, ip })).toBe(302);
    }
  }
}

/** Every answer the admin UI reads about visitors, for one link. */
export async function visitorAnswers(server: TestServer, linkId: number) {
  const get = async (path: string) => {
    const answer = await admin(server, path);
    expect(answer.status, path).toBe(200);
    return answer.body;
  };
  return {
    link: await get(`/api/analytics/${linkId}`),
    summary: await get('/api/analytics/summary'),
    repeat: await get('/api/analytics/repeat-visitors'),
    realtime: await get('/api/analytics/realtime'),
    live: await get('/api/analytics/live?minutes=30'),
    funnel: await get('/api/analytics/funnel'),
  };
}
