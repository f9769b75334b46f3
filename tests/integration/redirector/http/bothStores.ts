/** An API server on each store (SQLite in a temp dir, PostgreSQL in a fresh schema), for suites that run on both. */
import type { Store } from '../../../../redirector/storage/store';
import { startPostgresTestServerOnFreshSchema } from '../../../helpers/postgres';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

type ServerWithStore = TestServer & { store: Store };

export interface StoreServer {
  kind: 'sqlite' | 'postgres';
  start(env?: Record<string, string>): Promise<ServerWithStore>;
}

export const STORE_SERVERS: StoreServer[] = [
  { kind: 'sqlite', start: (env) => startTestServer({ env }) },
  {
    kind: 'postgres',
    start: async (env) =>
      ({ ...(await startPostgresTestServerOnFreshSchema({ env })), dataDir: '' }) as unknown as ServerWithStore,
  },
];
