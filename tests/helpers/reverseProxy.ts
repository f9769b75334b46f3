/**
 * A reverse proxy run from its example in deploy/ (Caddy, nginx) for the deploy tests: its binary,
 * its process on loopback ports until it answers, what a test starts stopped after it, and
 * requests to it as a browser on a domain would send them.
 */
import { type ChildProcess, type StdioOptions, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { type RawAnswer, request } from './rawRequest';
import { freePort, type ServerProcess, startServerProcess } from './serverProcess';
import { makeTempDir } from './testServer';

/** The host the examples in deploy/ serve, and the HSTS header they send on every HTTPS answer. */
export const DOMAIN = 's.example.com';
export const HSTS = 'max-age=31536000';

export interface ReverseProxy {
  httpPort: number;
  httpsPort: number;
  stop(): Promise<void>;
}

type Stoppable = { stop(): Promise<unknown> };

/** A list of what the test starts, each stopped after the test, the last started first. */
export function stoppedAfterEach(): Stoppable[] {
  const running: Stoppable[] = [];
  afterEach(async () => {
    for (const item of running.splice(0).reverse()) await item.stop();
  });
  return running;
}

/** Where Debian puts the program `name` (the first that exists); `debianPackage` is what .ci/run installs. */
function proxyBinary(name: string, debianPackage: string): string {
  for (const folder of ['/usr/sbin', '/usr/bin', '/usr/local/bin']) {
    const candidate = path.join(folder, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${name} is missing: install Debian's ${debianPackage} (apt-get install -y ${debianPackage}), as .ci/run does`,
  );
}

/**
 * A proxy's program: its name, the Debian package .ci/run installs, the signal that stops it
 * gracefully and how long it may take to answer once started.
 */
export interface ProxyProgram {
  name: string;
  debianPackage: string;
  stopSignal: NodeJS.Signals;
  startMs: number;
}

/** Where a proxy runs: its temp folder and two free loopback ports. */
export interface ProxyPlace {
  dir: string;
  httpPort: number;
  httpsPort: number;
}

export interface ProxyRun {
  /** The arguments that check its configuration, then those that run it. */
  checkArgs: string[];
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Its log in `dir`, shown when it does not start; `output`: its standard output and error go there. */
  log: { file: string; output: boolean };
  /** Resolves once it answers. */
  answers(proxy: ReverseProxy): Promise<unknown>;
}

/**
 * Runs `program` as `configure` sets it up in its place (a temp folder and two free loopback ports):
 * checks its configuration, starts it, adds it to `running`, and returns it once it answers.
 */
export async function startProxy(
  program: ProxyProgram,
  running: Stoppable[],
  configure: (place: ProxyPlace) => ProxyRun,
): Promise<ReverseProxy> {
  const dir = makeTempDir(`me-${program.name}-`);
  const place: ProxyPlace = { dir, httpPort: await freePort(), httpsPort: await freePort() };
  const run = { ...place, ...configure(place) };
  const binary = proxyBinary(program.name, program.debianPackage);
  const logFile = path.join(run.dir, run.log.file);
  const check = spawnSync(binary, run.checkArgs, { encoding: 'utf8', env: run.env });
  expect(check.status, check.stderr).toBe(0);
  const log = run.log.output ? fs.openSync(logFile, 'w') : undefined;
  const stdio: StdioOptions = log === undefined ? 'ignore' : ['ignore', log, log];
  const child: ChildProcess = spawn(binary, run.args, { stdio, env: run.env });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proxy: ReverseProxy = {
    httpPort: run.httpPort,
    httpsPort: run.httpsPort,
    async stop() {
      child.kill(program.stopSignal);
      await exited;
      if (log !== undefined) fs.closeSync(log);
    },
  };
  running.push(proxy);
  for (const started = Date.now(); ; ) {
    const answered = await run.answers(proxy).then(
      () => true,
      () => false,
    );
    if (answered) return proxy;
    if (child.exitCode !== null || Date.now() - started > program.startMs) {
      throw new Error(`${program.name} did not start:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The built server (TRUST_PROXY=1) in a process, stopped after the test, behind the proxy `start` runs. */
export async function builtServerBehind(
  start: (upstreamPort: number) => Promise<ReverseProxy>,
  running: Stoppable[],
): Promise<{ server: ServerProcess; proxy: ReverseProxy }> {
  const server = await startServerProcess({ env: { TRUST_PROXY: '1' } });
  running.push(server);
  return { server, proxy: await start(server.port) };
}

/** A request to the HTTPS port as a browser on `domain` would send it (the proxy's certificate is not trusted here). */
export function httpsTo(
  port: number,
  domain: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const headers = { Host: domain, ...options.headers };
  return request(`https://127.0.0.1:${port}${pathname}`, { ...options, headers, servername: domain });
}

/** A GET to the plain HTTP port for `domain` (not fetch: it sends its own Host header whatever it is given). */
export function httpTo(port: number, domain: string, pathname: string): Promise<RawAnswer> {
  return request(`http://127.0.0.1:${port}${pathname}`, { headers: { Host: domain } });
}

/**
 * Plain HTTP to DOMAIN's `pathname` is moved to HTTPS with `status`, and without HSTS: over plain
 * HTTP the header means nothing to a browser (RFC 6797 §8.1).
 */
export async function expectMovedToHttps(proxy: ReverseProxy, pathname: string, status: number): Promise<void> {
  const answer = await httpTo(proxy.httpPort, DOMAIN, pathname);
  expect(answer.status).toBe(status);
  expect(answer.headers.location).toBe(`https://${DOMAIN}${pathname}`);
  expect(answer.headers['strict-transport-security']).toBeUndefined();
}

/** A deploy test's runs: what it starts (servers, proxies) is stopped after it, the last started first. */
export function deployRuns() {
  const running = stoppedAfterEach();
  return {
    running,
    startProxy: (program: ProxyProgram, configure: (place: ProxyPlace) => ProxyRun) =>
      startProxy(program, running, configure),
    builtServerBehind: (start: (upstreamPort: number) => Promise<ReverseProxy>) => builtServerBehind(start, running),
  };
}
