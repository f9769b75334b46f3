/**
 * What a suite starts before its tests (servers, receivers, databases, captured logs), each ended
 * after them, the last started first; a start that fails ends only what it had started.
 */
import { afterAll, beforeAll } from 'vitest';
import type { TestServer } from './testServer';
import { startReceiver, type WebhookReceiver } from './webhookReceiver';
import { createYourlsDatabase, type YourlsDatabase } from './yourlsDatabase';
import { seedYourls } from './yourlsImports';

export interface SuiteEnds {
  /** `part`, closed after the suite. */
  closing<T extends { close(): unknown }>(part: T): T;
  /** `end` run after the suite (a database dropped, captured logs restored). */
  after(end: () => unknown): void;
}

export function startedForSuite(start: (ends: SuiteEnds) => Promise<void>): void {
  const ends: (() => unknown)[] = [];
  beforeAll(() =>
    start({
      closing: (part) => {
        ends.push(() => part.close());
        return part;
      },
      after: (end) => {
        ends.push(end);
      },
    }),
  );
  afterAll(async () => {
    for (const end of ends.reverse()) await end();
  });
}

/** A webhook receiver and `start`'s server of `env`, for a suite's tests (docs/api.md#webhooks). */
export function receiverSuite(
  start: (env: Record<string, string>) => Promise<TestServer>,
  env: Record<string, string>,
  use: (parts: { server: TestServer; receiver: WebhookReceiver }) => void,
): void {
  startedForSuite(async (ends) => {
    const receiver = ends.closing(await startReceiver());
    use({ receiver, server: ends.closing(await start(env)) });
  });
}

/** A YOURLS database seeded with the import tests' rows, then `start`'s server, for a suite's tests. */
export function yourlsSuite<S extends { close(): unknown }>(
  start: () => Promise<S>,
  use: (parts: { yourls: YourlsDatabase; server: S }) => void,
): void {
  startedForSuite(async (ends) => {
    const yourls = await createYourlsDatabase();
    ends.after(() => yourls.drop());
    await seedYourls(yourls);
    use({ yourls, server: ends.closing(await start()) });
  });
}

/** `start`'s server of `env` and what `make` makes on it (users, teams, links), for a suite's tests. */
export function madeOnServer<T>(
  start: (env: Record<string, string>) => Promise<TestServer>,
  env: Record<string, string>,
  make: (server: TestServer) => Promise<T>,
  use: (parts: { server: TestServer; made: T }) => void,
): void {
  startedForSuite(async (ends) => {
    const server = ends.closing(await start(env));
    use({ server, made: await make(server) });
  });
}

/** `start(...args)`'s server, for a suite's tests. */
export function serverSuite<A extends unknown[], S extends { close(): unknown }>(
  start: (...args: A) => Promise<S>,
  args: A,
  use: (server: S) => void,
): void {
  startedForSuite(async (ends) => use(ends.closing(await start(...args))));
}
