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
import { type OwnServers, startProduct } from './processes';

export const STREAMS_AT_SCALE = 10_000;
const PER_ACCOUNT = 20;
/** Streams opened at a time. */
const BATCH = 50;
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

/** The streams of the phase: how many are open now, and how many the server ended or reset. */
interface StreamCount {
  open: number;
  lost: number;
}

/** Opens one stream; rejects on an answer other than 200, or on a connection error before the answer. */
function openOne(
  base: string,
  key: string,
  agent: http.Agent,
  requests: http.ClientRequest[],
  count: StreamCount,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let answered = false;
    const request = http.get(
      `${base}/api/stream`,
      { agent, headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' } },
      (answer) => {
        answered = true;
        if (answer.statusCode !== 200) {
          let text = '';
          answer.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          answer.on('end', () => reject(new Error(`a stream answered ${answer.statusCode}: ${text}`)));
          return;
        }
        count.open += 1;
        answer.on('data', () => undefined);
        answer.once('close', () => {
          count.open -= 1;
          count.lost += 1;
        });
        resolve();
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    requests.push(request);
  });
}

/** Opens one stream per entry of `keys`, BATCH at a time, over node:http (lighter than fetch); each is read and dropped. */
async function openStreams(
  base: string,
  keys: readonly string[],
  requests: http.ClientRequest[],
  count: StreamCount,
  opened: (done: number) => void,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  for (let start = 0; start < keys.length; start += BATCH) {
    await Promise.all(
      keys.slice(start, start + BATCH).map(async (key) => {
        // On a starved machine the server's 10 s for a request's headers may pass before it reads
        // them (408, or a reset): such an open is tried again, twice.
        for (let attempt = 1; ; attempt++) {
          try {
            return await openOne(base, key, agent, requests, count);
          } catch (error) {
            const message = (error as Error).message;
            if (attempt === 3 || (message.startsWith('a stream answered') && !message.includes(' 408'))) throw error;
          }
        }
      }),
    );
    opened(Math.min(start + BATCH, keys.length));
  }
}

/** The server's RSS in MB with STREAMS_AT_SCALE streams open. */
export async function benchStreamsAtScale(options: OwnServers): Promise<number> {
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
  const count: StreamCount = { open: 0, lost: 0 };
  try {
    options.progress(`opening ${STREAMS_AT_SCALE.toLocaleString('en-US')} live streams`);
    await openStreams(
      server.url,
      secrets.flatMap((secret) => Array<string>(PER_ACCOUNT).fill(secret)),
      requests,
      count,
      (done) => {
        if (done % 2000 === 0) {
          options.progress(`${count.open} streams open (${count.lost} lost): RSS ${readMemory(server.pid)?.rssMb} MB`);
        }
      },
    );
    // A keep-alive round and the garbage collector's next turn before the reading.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const memory = readMemory(server.pid);
    if (!memory) throw new Error('no /proc to read the RSS from');
    options.progress(`${count.open} streams open (${count.lost} lost): RSS ${memory.rssMb} MB`);
    if (count.open < STREAMS_AT_SCALE) {
      throw new Error(`only ${count.open} of ${STREAMS_AT_SCALE} streams held (${count.lost} ended by the server)`);
    }
    return memory.rssMb;
  } catch (error) {
    throw new Error(`${(error as Error).message}; the server said: ${server.output().slice(-2000)}`);
  } finally {
    for (const request of requests) request.destroy();
    await options.stop(server);
  }
}
