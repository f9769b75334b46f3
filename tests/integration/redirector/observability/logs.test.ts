/**
 * The built server's logs (docs/api.md#running-it): with LOG_FORMAT=json every line is one JSON
 * object, with the default text format one readable line; an access line per /api request, a
 * line per server event, no short-link visit, and no password, token, key or database password,
 * whatever the requests carried.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresMigrations } from '../../../../redirector/storage/migrations/postgres';
import { sqliteMigrations } from '../../../../redirector/storage/migrations/sqlite';
import { createTestSchema, type TestSchema } from '../../../helpers/postgres';
import { runToExit, type ServerProcess, startServerProcess } from '../../../helpers/serverProcess';

const PASSWORD = 'pw-LOGGED-nowhere-1';
const QUERY_SECRET = 'query-SECRET-value';
const DB_PASSWORD = 'db-SECRET-password';
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

interface Exercise {
  /** /api requests sent, in order: `METHOD path-without-query status`. */
  requests: string[];
  secrets: string[];
}

async function send(
  server: ServerProcess,
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(options.body ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
    body: options.body,
  });
  return { status: response.status, body: await response.text() };
}

/** Signs up, signs in (right and wrong), calls with bearer tokens and the admin key, visits a short link. */
async function exercise(server: ServerProcess): Promise<Exercise> {
  const requests: string[] = [];
  const api = async (method: string, path: string, options: Parameters<typeof send>[3] = {}) => {
    const answer = await send(server, method, path, options);
    requests.push(`${method} ${path.split('?')[0]} ${answer.status}`);
    return answer;
  };
  const email = `logged-${process.pid}-${Date.now()}@example.com`;
  const credentials = JSON.stringify({ email, password: PASSWORD });
  expect(
    (await api('POST', '/api/auth?action=register', { body: JSON.stringify({ name: 'L', email, password: PASSWORD }) }))
      .status,
  ).toBe(201);
  const login = await api('POST', '/api/auth?action=login', { body: credentials });
  expect(login.status).toBe(200);
  const token = JSON.parse(login.body).token as string;
  await api('POST', '/api/auth?action=login', { body: JSON.stringify({ email, password: `${PASSWORD}-wrong` }) });
  await api('POST', '/api/auth?action=login', { body: `{"email":"${email}","password":"${PASSWORD}"` });
  await api('GET', `/api/links?token=${QUERY_SECRET}`, { headers: { Authorization: `Bearer ${token}` } });
  const admin = await api('POST', '/api/auth?action=admin', { body: JSON.stringify({ key: server.adminKey }) });
  const adminToken = JSON.parse(admin.body).apiKey as string;
  const created = await api('POST', '/api/links', {
    body: JSON.stringify({ target_url: 'https://example.com/', short_code: 'notlogged' }),
    headers: { 'X-API-Key': server.adminKey },
  });
  expect(created.status).toBe(201);
  await api('GET', '/api/links', { headers: { Authorization: `Bearer ${adminToken}` } });
  for (let visit = 0; visit < 3; visit += 1) expect((await send(server, 'GET', '/notlogged?x=1')).status).toBe(302);
  return { requests, secrets: [PASSWORD, token, adminToken, server.adminKey, QUERY_SECRET, DB_PASSWORD, email] };
}

function expectNoSecret(output: string, secrets: string[]): void {
  for (const secret of secrets) expect(output).not.toContain(secret);
}

describe.each(['sqlite', 'postgres'] as const)('the built server logs on %s', (kind) => {
  let schema: TestSchema | undefined;
  let server: ServerProcess | undefined;
  beforeEach(async () => {
    schema = kind === 'postgres' ? await createTestSchema() : undefined;
  });
  afterEach(async () => {
    if (server && server.child.exitCode === null) await server.kill();
    server = undefined;
    await schema?.drop();
  });

  function databaseEnv(): Record<string, string> {
    if (!schema) return {};
    // The test server trusts local connections, so the password is accepted and ignored.
    const url = new URL(schema.url);
    url.password = DB_PASSWORD;
    return { DATABASE_URL: url.toString() };
  }

  it('LOG_FORMAT=json: one JSON object per line, an access line per /api request, no secret', async () => {
    server = await startServerProcess({ env: { LOG_FORMAT: 'json', ...databaseEnv() } });
    const { requests, secrets } = await exercise(server);
    expect(await server.stop()).toBe(0);
    const output = server.output();
    const entries = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) {
      expect(entry.time).toMatch(ISO_TIME);
      expect(['info', 'warn', 'error']).toContain(entry.level);
      expect(typeof entry.msg).toBe('string');
    }
    const access = entries.filter((entry) => entry.msg === 'request');
    expect(access.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual(requests);
    for (const entry of access) {
      expect(Object.keys(entry).sort()).toEqual(['durationMs', 'level', 'method', 'msg', 'path', 'status', 'time']);
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
    const events = entries.filter((entry) => entry.msg !== 'request').map((entry) => entry.msg as string);
    // A fresh database: each migration applied, the version it ends at, then the server listens.
    const migrations = kind === 'sqlite' ? sqliteMigrations : postgresMigrations;
    expect(events.slice(0, migrations.length)).toEqual(
      migrations.map((m) => expect.stringMatching(`^applied schema migration ${m.version} \\(.+\\) in \\d+ ms$`)),
    );
    expect(events[migrations.length]).toBe(`database schema at version ${migrations.length}`);
    expect(events[migrations.length + 1]).toMatch(
      new RegExp(`^listening on http://127\\.0\\.0\\.1:\\d+ \\(database: ${kind},`),
    );
    expect(events).toContain('stopped');
    expect(output).not.toContain('notlogged');
    expectNoSecret(output, secrets);
  }, 60_000);

  it('text (the default): one readable line each, the same requests, no secret', async () => {
    server = await startServerProcess({ env: databaseEnv() });
    const { requests, secrets } = await exercise(server);
    expect(await server.stop()).toBe(0);
    const output = server.output();
    const lines = output.split('\n').filter(Boolean);
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z me: \S/);
    const access = lines
      .map((line) => / me: ([A-Z]+ \/api\S* \d{3}) (\d+(?:\.\d)?) ms$/.exec(line))
      .filter((match) => match !== null);
    expect(access.map((match) => match[1])).toEqual(requests);
    expect(lines.some((line) => line.endsWith(` me: stopped`))).toBe(true);
    expect(output).not.toContain('notlogged');
    expectNoSecret(output, secrets);
  }, 60_000);
});

it('a refused start is one JSON line on stderr, without the password of DATABASE_URL', async () => {
  const run = await runToExit({ LOG_FORMAT: 'json', DATABASE_URL: `postgres://me:${DB_PASSWORD}@127.0.0.1:1/x` });
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  const entry = JSON.parse(lines[0]!);
  expect(entry).toMatchObject({ level: 'fatal', msg: expect.stringContaining('cannot connect to PostgreSQL') });
  expect(run.stderr).not.toContain(DB_PASSWORD);
});

it('refuses an unknown LOG_FORMAT with one line', async () => {
  const run = await runToExit({ LOG_FORMAT: 'xml' });
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/ me: LOG_FORMAT must be json or text \(got "xml"\)\n$/);
});
