/** The built service on each store as a child process, with the environment `me` needs to reach its database. */
import type { LoginResponse } from '../../../../redirector/contract/auth';
import { type AnyAnswer, adminHeaders, call } from '../../../helpers/api';
import { createTestSchema } from '../../../helpers/postgres';
import { type ServerProcess, startServerProcess } from '../../../helpers/serverProcess';
import type { TestServer } from '../../../helpers/testServer';

export interface CliServer extends ServerProcess {
  /** DATA_DIR, and DATABASE_URL on PostgreSQL: what the command line is run with. */
  cliEnv: Record<string, string>;
  /** Stops the service (and drops the PostgreSQL schema). */
  close(): Promise<void>;
}

/** `env`: more of the service's variables (the command line is then run with the same). */
export const CLI_STORES: { kind: 'sqlite' | 'postgres'; start(env?: Record<string, string>): Promise<CliServer> }[] = [
  {
    kind: 'sqlite',
    async start(env = {}) {
      const server = await startServerProcess({ env });
      return { ...server, cliEnv: { ...env, DATA_DIR: server.dataDir }, close: async () => void (await server.stop()) };
    },
  },
  {
    kind: 'postgres',
    async start(env = {}) {
      const schema = await createTestSchema();
      const server = await startServerProcess({ env: { ...env, DATABASE_URL: schema.url } });
      return {
        ...server,
        cliEnv: { ...env, DATA_DIR: server.dataDir, DATABASE_URL: schema.url },
        async close() {
          await server.stop();
          await schema.drop();
        },
      };
    },
  },
];

/** The API helpers take a TestServer; they use its url and adminKey only. */
export const asTestServer = (server: ServerProcess) => server as unknown as TestServer;

export async function adminCall(
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
): Promise<AnyAnswer> {
  return call(asTestServer(server), method, path, { body, headers: adminHeaders(server.adminKey) });
}

export async function registerUser(server: ServerProcess, email: string, name = 'Ann'): Promise<LoginResponse> {
  const password = 'pw-cli-secret-1';
  const registered = await call(asTestServer(server), 'POST', '/api/auth?action=register', {
    body: { name, email, password },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  return (await call(asTestServer(server), 'POST', '/api/auth?action=login', { body: { email, password } })).body;
}

/** A person's browser: the clicks count (a bot's would be stored but not counted). */
export const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** The status of GET /<shortCode>, redirects not followed. */
export async function redirectStatus(server: ServerProcess, shortCode: string): Promise<number> {
  const response = await fetch(`${server.url}/${shortCode}`, {
    redirect: 'manual',
    headers: { 'User-Agent': BROWSER },
  });
  await response.arrayBuffer();
  return response.status;
}

/** Polls until `check` holds; resolves to the milliseconds it took, rejects after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}
