/** Opening the PostgreSQL store fails with one line saying what is wrong, and never hangs. */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../../../redirector/storage/postgres/postgresStore';
import { freePort } from '../../../helpers/serverProcess';

async function openingError(url: string): Promise<string> {
  const error = await createPostgresStore(url, { log: () => undefined }).then(
    async (store) => {
      await store.close();
      return new Error('opened');
    },
    (e: unknown) => e,
  );
  return error instanceof Error ? error.message : String(error);
}

describe('opening the PostgreSQL store', () => {
  let silent: net.Server;
  let silentPort: number;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    // Accepts connections and never answers, like a host behind a firewall that drops packets.
    silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('names a refused connection', async () => {
    const port = await freePort();
    expect(await openingError(`postgres://me@127.0.0.1:${port}/me`)).toBe(
      `cannot connect to PostgreSQL at 127.0.0.1:${port}/me: connection refused`,
    );
  });

  it('names a refused connection on every address of a dual-stack host name', async () => {
    const port = await freePort();
    expect(await openingError(`postgres://me@localhost:${port}/me`)).toBe(
      `cannot connect to PostgreSQL at localhost:${port}/me: connection refused`,
    );
  });

  it('gives up on a server that never answers after the connect timeout', async () => {
    expect(await openingError(`postgres://me@127.0.0.1:${silentPort}/me`)).toBe(
      `cannot connect to PostgreSQL at 127.0.0.1:${silentPort}/me: no answer within 5 s`,
    );
  });

  it('names a URL that does not parse, without echoing it (it may hold a password)', async () => {
    expect(await openingError('postgres://me:secret@[broken/me')).toBe('DATABASE_URL is not a valid URL');
  });

  it('names a host that does not resolve', async () => {
    expect(await openingError('postgres://me@no-such-host.invalid/me')).toBe(
      'cannot connect to PostgreSQL at no-such-host.invalid:5432/me: unknown host',
    );
  });
});
