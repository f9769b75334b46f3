/** An API server on each store (SQLite in a temp dir, PostgreSQL in a fresh schema), for suites that run on both. */
import type { Store } from '../../../../redirector/storage/store';
import { createTestSchema, startPostgresTestServer } from '../../../helpers/postgres';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

export interface StoreServer {
  kind: 'sqlite' | 'postgres';
  start(env?: Record<string, string>): Promise<TestServer & { store: Store }>;
}

export const STORE_SERVERS: StoreServer[] = [
  { kind: 'sqlite', start: (env) => startTestServer({ env }) },
  {
    kind: 'postgres',
    async start(env) {
      const schema = await createTestSchema();
      const server = await startPostgresTestServer(schema.url, { env });
      return {
        ...server,
        dataDir: '',
        async close() {
          await server.close();
          await schema.drop();
        },
      } as unknown as TestServer & { store: Store };
    },
  },
];
