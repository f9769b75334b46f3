/** Imports from shorteners read through their HTTP APIs, as the tests start and check them (docs/api.md#imports). */
import { afterAll, beforeAll, expect } from 'vitest';
import { adminScope } from '../../redirector/auth/scope';
import type { ImportJob, ImportSource } from '../../redirector/contract/imports';
import type { Link } from '../../redirector/contract/links';
import { adminHeaders, call } from './api';
import { type CapturedLogs, captureLogs } from './logs';
import { type ShortenerApis, startShortenerApis } from './shortenerApis';
import type { TestServer } from './testServer';
import { holdTakenCode, importWhen } from './yourlsImports';

/** What one import file's tests share: captured logs, the shorteners' APIs on loopback, and a server. */
export interface ApiImportWorld {
  server: TestServer;
  apis: ShortenerApis;
  logs: CapturedLogs;
}

/**
 * Before the file's tests: captures the logs, starts the shorteners' APIs seeded by `seed` and a
 * server whose short code 'taken' is held; after them, stops all three.
 */
export function useApiImportWorld(
  start: () => Promise<TestServer>,
  seed: (apis: ShortenerApis) => void,
): ApiImportWorld {
  const world = {} as Partial<ApiImportWorld>;
  beforeAll(async () => {
    world.logs = captureLogs();
    world.apis = await startShortenerApis();
    seed(world.apis);
    world.server = await start();
    await holdTakenCode(world.server);
  });
  afterAll(async () => {
    await world.server?.close();
    await world.apis?.close();
    world.logs?.restore();
  });
  return world as ApiImportWorld;
}

/** POST /api/imports as the administrator. */
export function startApiImport(
  server: TestServer,
  source: ImportSource,
  connection: Record<string, unknown>,
  more: Record<string, unknown> = {},
) {
  return call<{ import: ImportJob }>(server, 'POST', '/api/imports', {
    headers: adminHeaders(server.adminKey),
    body: { source, connection, ...more },
  });
}

/** Starts an import and answers the job once it has ended. */
export async function importToEnd(
  server: TestServer,
  source: ImportSource,
  connection: Record<string, unknown>,
  more: Record<string, unknown> = {},
): Promise<ImportJob> {
  const started = await startApiImport(server, source, connection, more);
  expect(started.status).toBe(202);
  return importWhen(server, started.body.import.id);
}

/** The administrator's links by `short_code`. */
export async function linksByCode(server: TestServer): Promise<Map<string, Link>> {
  const answer = await call<Link[]>(server, 'GET', '/api/links?per_page=200&archived=all', {
    headers: adminHeaders(server.adminKey),
  });
  return new Map(answer.body.map((link) => [link.short_code, link]));
}

/** The source's key reached the source, and nowhere else: no job kept it, no answer nor log line showed it. */
export async function expectSecretKept(
  server: TestServer,
  apis: ShortenerApis,
  secret: string,
  logs: CapturedLogs,
): Promise<void> {
  expect(apis.requests.some((request) => request.keyed)).toBe(true);
  const jobs = await server.store.imports.list(adminScope('sign-in'), 100);
  expect(jobs.length).toBeGreaterThan(0);
  expect(JSON.stringify(jobs)).not.toContain(secret);
  const listed = await call(server, 'GET', '/api/imports', { headers: adminHeaders(server.adminKey) });
  expect(JSON.stringify(listed.body)).not.toContain(secret);
  const audit = await call(server, 'GET', '/api/audit', { headers: adminHeaders(server.adminKey) });
  expect(JSON.stringify(audit.body)).not.toContain(secret);
  expect(logs.lines.join('\n')).not.toContain(secret);
}

/** The time between the 429 on `path` and the request after it. */
export function waitAfterRateLimit(apis: ShortenerApis, path: string): number {
  const asked = apis.requests.filter((request) => request.path.split('?')[0] === path);
  const limited = asked.findIndex((request) => request.status === 429);
  expect(limited).toBeGreaterThanOrEqual(0);
  expect(asked.length).toBeGreaterThan(limited + 1);
  return asked[limited + 1]!.at - asked[limited]!.at;
}
