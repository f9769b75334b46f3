/**
 * max_clicks behind a load balancer: three instances on one PostgreSQL database share one counter,
 * so 40 simultaneous visitors spread over them get exactly max_clicks redirects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestSchema,
  type PostgresTestServer,
  startPostgresTestServer,
  type TestSchema,
} from '../../../helpers/postgres';
import { UA } from '../../../helpers/visitors';

describe('max_clicks on three instances', () => {
  let schema: TestSchema;
  let instances: PostgresTestServer[] = [];

  beforeAll(async () => {
    schema = await createTestSchema();
    instances = await Promise.all([1, 2, 3].map(() => startPostgresTestServer(schema.url)));
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await schema?.drop();
  });

  it('lets exactly 10 of 40 simultaneous visitors through', async () => {
    const [first] = instances;
    const created = await fetch(`${first!.url}/api/links`, {
      method: 'POST',
      headers: { 'X-API-Key': first!.adminKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ target_url: 'https://example.com/', short_code: 'limited', max_clicks: 10 }),
    });
    expect(created.status).toBe(201);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const response = await fetch(`${instances[index % 3]!.url}/limited`, {
          redirect: 'manual',
          headers: { 'User-Agent': UA.desktopChrome },
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 302)).toHaveLength(10);
    expect(statuses.filter((status) => status === 410)).toHaveLength(30);
    const link = await first!.store.links.findByShortCode('limited');
    expect(await first!.store.links.countedClicks(link!.id)).toBe(10);
  });
});
