/** An API server on each store (SQLite in a temp dir, PostgreSQL in a fresh schema), for suites that run on both. */
import type { Store } from '../../../../redirector/storage/store';
import { startPostgresTestServerOnFreshSchema } from '../../../helpers/postgres';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

type ServerWithStore = TestServer & { store: Store };

export interface StoreServer {
  kind: 'sqlite' | 'postgres';
  /** `clock`: the server's time (Date.now when none). */
  start(env?: Record<string, string>, clock?: () => number): Promise<ServerWithStore>;
}

export const STORE_SERVERS: StoreServer[] = [
  { kind: 'sqlite', start: (env, clock) => startTestServer({ env, clock }) },
  {
    kind: 'postgres',
    start: async (env, clock) =>
      ({ ...(await startPostgresTestServerOnFreshSchema({ env, clock })), dataDir: '' }) as unknown as ServerWithStore,
  },
];
