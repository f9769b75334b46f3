/**
 * An answered redirect's click survives the process being killed
 * (docs/api.md#resolving-a-short-link), and SIGTERM stores every pending click before exiting 0, on SQLite and on PostgreSQL. Runs the BUILT server
 * (`npm run build` first).
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_FILE } from '../../../../redirector/storage/openStore';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { createSqliteStore } from '../../../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../../../redirector/storage/store';
import { createTestSchema } from '../../../helpers/postgres';
import { sendRedirectBurst } from '../../../helpers/redirectBurst';
import { type ServerProcess, startServerProcess } from '../../../helpers/serverProcess';
import { makeTempDir } from '../../../helpers/testServer';
import { IP, UA } from '../../../helpers/visitors';

const CLICKS = 400;
const CONNECTIONS = 50;

const LINK = {
  user_id: null,
  title: 'Durable',
  target_url: 'https://example.com/durable',
  short_code: 'durable',
  enable_tiktok_bypass: false,
  enable_country_redirect: true,
  country_redirect_url: 'https://example.com/elsewhere',
  enable_instagram_exit: false,
  instagram_exit_url: null,
  created_at: 0,
};

/** Where the server process keeps its data: a SQLite file, or a fresh PostgreSQL schema. */
interface Place {
  dataDir: string;
  env: Record<string, string>;
  linkId: number;
  /** Opens the store again, as a restarted instance would. */
  open(): Promise<Store>;
  drop(): Promise<void>;
}

async function placeWithLink(kind: 'sqlite' | 'postgres'): Promise<Place> {
  const dataDir = makeTempDir('me-durable-');
  let open: () => Promise<Store>;
  let env: Record<string, string> = { TRUST_PROXY: '1' };
  let drop = async () => {};
  if (kind === 'sqlite') {
    open = async () => createSqliteStore(path.join(dataDir, SQLITE_FILE));
  } else {
    const schema = await createTestSchema();
    open = () => createPostgresStore(schema.url);
    env = { ...env, DATABASE_URL: schema.url };
    drop = () => schema.drop();
  }
  const store = await open();
  const link = await store.links.create(LINK);
  await store.close();
  return { dataDir, env, linkId: link.id, open, drop };
}

async function storedClicks(place: Place): Promise<number> {
  const store = await place.open();
  try {
    return (await store.clicks.listByLink(place.linkId)).length;
  } finally {
    await store.close();
  }
}

const VISITORS = [
  [UA.iphoneSafari, IP.us],
  [UA.androidChrome, IP.india],
  [UA.desktopChrome, IP.nigeria],
  [UA.instagramIos, IP.us],
  [UA.googlebot, IP.us],
] as const;

/** Sends `count` redirects over CONNECTIONS keep-alive sockets at once; resolves each status (0 on error). */
function sendRedirects(server: ServerProcess, count: number, onFirstAnswer?: () => void): Promise<number[]> {
  const headers = (i: number) => {
    const [userAgent, ip] = VISITORS[i % VISITORS.length]!;
    return { 'User-Agent': userAgent, 'X-Forwarded-For': ip };
  };
  return sendRedirectBurst(server, 'durable', { count, connections: CONNECTIONS, headers, onFirstAnswer });
}

describe.each(['sqlite', 'postgres'] as const)('click durability on %s (built server process)', (kind) => {
  let server: ServerProcess | undefined;
  let place: Place | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) await server.kill();
    server = undefined;
    await place?.drop();
    place = undefined;
  });

  it('keeps every answered click when the process is SIGKILLed right after', async () => {
    place = await placeWithLink(kind);
    server = await startServerProcess({ dataDir: place.dataDir, env: place.env });
    const statuses = await sendRedirects(server, CLICKS);
    expect(statuses.filter((status) => status === 302)).toHaveLength(CLICKS);
    await server.kill();
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(await storedClicks(place)).toBe(CLICKS);
  });

  it('stores every pending click on SIGTERM and exits 0', async () => {
    place = await placeWithLink(kind);
    const running = await startServerProcess({ dataDir: place.dataDir, env: place.env });
    server = running;
    let exit: Promise<number | null> | undefined;
    // SIGTERM while most requests are still in flight.
    const statuses = await sendRedirects(running, CLICKS, () => {
      exit = running.stop();
    });
    expect(exit).toBeDefined();
    expect(await exit).toBe(0);
    const answered = statuses.filter((status) => status === 302).length;
    expect(answered).toBeGreaterThan(0);
    expect(await storedClicks(place)).toBe(answered);
    expect(running.output()).toContain('me: stopped');
  });
});
