/**
 * A link's redirect rules read back as they were given, `{when: [{type, …}], url}`, on both stores
 * (docs/api.md#redirect-rules): PostgreSQL's jsonb reorders an object's keys, which showed
 * `{"url", "when": [{"name", "type", "value"}]}` in the link object and the CSV export there only.
 */
import { describe, expect, it } from 'vitest';
import { bearer, call, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const RULES = [
  {
    when: [
      { type: 'query', name: 'src', value: 'mail' },
      { type: 'time', after: '2026-01-01T00:00:00.000Z', before: '2027-01-01T00:00:00.000Z' },
      { type: 'ip', cidr: '203.0.113.0/24' },
    ],
    url: 'https://example.org/mail',
  },
  { when: [{ type: 'language', is: 'es' }], url: 'https://example.org/es' },
];

describe.each(STORE_SERVERS)('redirect rules read back in their order ($kind)', ({ start }) => {
  let server: TestServer;
  serverSuite(start, [], (p) => (server = p));

  it('answers the rules in the order given, in the link object and the export', async () => {
    const ann = await newUser(server, 'Ann');
    const made = await call(server, 'POST', '/api/links/create', {
      headers: bearer(ann.token),
      body: { target_url: 'https://example.org/', short_code: 'ordered', rules: RULES },
    });
    expect(made.status).toBe(201);
    const read = await call(server, 'GET', `/api/links/user?linkId=${made.body.link.id}`, {
      headers: bearer(ann.token),
    });
    expect(JSON.stringify(read.body.link.rules)).toBe(JSON.stringify(RULES));
    const exported = await fetch(`${server.url}/api/links/user/export`, { headers: bearer(ann.token) });
    expect(await exported.text()).toContain(`"${JSON.stringify(RULES).replaceAll('"', '""')}"`);
  });
});
