/** A server on each store with a clock the test moves, for the account suites (docs/api.md#accounts). */
import { startPostgresTestServerOnFreshSchema } from '../../../helpers/postgres';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

export interface Clock {
  now: number;
  advance(ms: number): void;
}

export function testClock(): Clock {
  const clock = {
    now: Date.UTC(2026, 0, 5, 12),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  return clock;
}

/** The real time, moved on by the test (as a server's clock in sync with the providers it calls). */
export function movableClock(): Clock {
  let shift = 0;
  return {
    get now() {
      return Date.now() + shift;
    },
    advance(ms: number) {
      shift += ms;
    },
  };
}

export interface ClockedStore {
  kind: 'sqlite' | 'postgres';
  start(env: Record<string, string>, clock: Clock): Promise<TestServer>;
}

export const CLOCKED_STORES: ClockedStore[] = [
  { kind: 'sqlite', start: (env, clock) => startTestServer({ env, clock: () => clock.now }) },
  {
    kind: 'postgres',
    // The answer stands in for a TestServer: no data directory, a PostgreSQL store.
    start: async (env, clock) =>
      ({
        ...(await startPostgresTestServerOnFreshSchema({ env, clock: () => clock.now })),
        dataDir: '',
      }) as unknown as TestServer,
  },
];
