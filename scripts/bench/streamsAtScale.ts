/**
 * Streams at scale (docs/api.md#live-stream): one SQLite server with STREAM_MAX=10000 and 10,000
 * open live streams, 20 for each of 500 accounts (the most an account may open), each read as it
 * comes; the figure is the server's RSS once all are open (target: under 400 MB). The accounts and
 * their API keys are written to the database before the server starts (500 sign-ins would spend
 * a minute hashing passwords).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { userScope } from '../../redirector/auth/scope';
import { hashToken } from '../../redirector/auth/tokens';
import { newApiKeySecret, prefixOf } from '../../redirector/keys/apiKeySecrets';
import { createSqliteStore } from '../../redirector/storage/sqlite/sqliteStore';
import { databaseFile } from './database';
import { readMemory } from './memory';
import { type RunningServer, startProduct } from './processes';

export const STREAMS_AT_SCALE = 10_000;
const PER_ACCOUNT = 20;
export const STREAMS_RSS_TARGET_MB = 400;

/** Makes the accounts, one API key each; their secrets. */
async function seedAccounts(file: string, accounts: number): Promise<string[]> {
  const store = createSqliteStore(file);
  try {
    const secrets: string[] = [];
    for (let i = 0; i < accounts; i++) {
      const user = await store.users.create({
        name: `Stream ${i}`,
        email: `stream${i}@example.com`,
        password_hash: 'not-a-password',
        created_at: Date.now(),
      });
      const secret = newApiKeySecret();
      const stored = await store.apiKeys.create(
        userScope(user),
        {
          name: 'streams',
          prefix: prefixOf(secret),
          key_hash: hashToken(secret),
          admin_tag: null,
          created_at: Date.now(),
        },
        10,
      );
      if (stored === 'limit') throw new Error('could not make an API key');
      secrets.push(secret);
    }
    return secrets;
  } finally {
    await store.close();
  }
}

/** Opens one stream per entry of `keys`, 100 at a time, over node:http (lighter than fetch); each is read and dropped. */
async function openStreams(
  base: string,
  keys: readonly string[],
  requests: http.ClientRequest[],
  opened: (count: number) => void,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  for (let start = 0; start < keys.length; start += 100) {
    await Promise.all(
      keys.slice(start, start + 100).map(
        (key) =>
          new Promise<void>((resolve, reject) => {
            const request = http.get(
              `${base}/api/stream`,
              { agent, headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' } },
              (answer) => {
                if (answer.statusCode !== 200) {
                  let text = '';
                  answer.on('data', (chunk: Buffer) => {
                    text += chunk.toString();
                  });
                  answer.on('end', () => reject(new Error(`a stream answered ${answer.statusCode}: ${text}`)));
                  return;
                }
                answer.on('data', () => undefined);
                // A stream the server ends (or resets) later is counted by the RSS, not by a crash of the bench.
                answer.on('error', () => undefined);
                resolve();
              },
            );
            request.on('error', reject);
            requests.push(request);
          }),
      ),
    );
    opened(Math.min(start + 100, keys.length));
  }
}

/** The server's RSS in MB with STREAMS_AT_SCALE streams open. */
export async function benchStreamsAtScale(options: {
  dir: string;
  cpu: number | undefined;
  adminKey: string;
  progress: (message: string) => void;
  track: (server: RunningServer) => void;
  stop: (server: RunningServer) => Promise<unknown>;
}): Promise<number> {
  const dataDir = path.join(options.dir, 'streams');
  fs.mkdirSync(dataDir);
  options.progress(
    `making ${STREAMS_AT_SCALE / PER_ACCOUNT} accounts for ${STREAMS_AT_SCALE.toLocaleString('en-US')} streams`,
  );
  const secrets = await seedAccounts(databaseFile(dataDir), STREAMS_AT_SCALE / PER_ACCOUNT);
  const server = await startProduct({
    dataDir,
    adminKey: options.adminKey,
    cpu: options.cpu,
    env: { STREAM_MAX: String(STREAMS_AT_SCALE), LINK_CHECK_HOURS: '0' },
  });
  options.track(server);
  const requests: http.ClientRequest[] = [];
  try {
    options.progress(`opening ${STREAMS_AT_SCALE.toLocaleString('en-US')} live streams`);
    await openStreams(
      server.url,
      secrets.flatMap((secret) => Array<string>(PER_ACCOUNT).fill(secret)),
      requests,
      (count) => {
        if (count % 2000 === 0) options.progress(`${count} streams open: RSS ${readMemory(server.pid)?.rssMb} MB`);
      },
    );
    // A keep-alive round and the garbage collector's next turn before the reading.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const memory = readMemory(server.pid);
    if (!memory) throw new Error('no /proc to read the RSS from');
    return memory.rssMb;
  } catch (error) {
    throw new Error(`${(error as Error).message}; the server said: ${server.output().slice(-2000)}`);
  } finally {
    for (const request of requests) request.destroy();
    await options.stop(server);
  }
}
