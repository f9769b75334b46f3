/**
 * A reverse proxy run from its example in deploy/ (Caddy, nginx) for the deploy tests: its binary,
 * its process on loopback ports until it answers, what a test starts stopped after it, and
 * requests to it as a browser on a domain would send them.
 */
import { type ChildProcess, type StdioOptions, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, expect } from 'vitest';
import { type RawAnswer, request } from './rawRequest';

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

/** The first of `candidates` that exists; `install` says how .ci/run installs it. */
function proxyBinary(name: string, candidates: readonly string[], install: string): string {
  for (const candidate of candidates) if (fs.existsSync(candidate)) return candidate;
  throw new Error(`${name} is missing: install ${install}, as .ci/run does`);
}

export interface ProxyRun {
  name: string;
  /** Where Debian puts it, and the package .ci/run installs. */
  binary: { candidates: readonly string[]; install: string };
  /** The arguments that check its configuration, then those that run it. */
  checkArgs: string[];
  args: string[];
  env?: NodeJS.ProcessEnv;
  httpPort: number;
  httpsPort: number;
  /** The signal that stops it gracefully. */
  stopSignal: NodeJS.Signals;
  /** Its log, shown when it does not start; `output`: its standard output and error go there. */
  log: { file: string; output: boolean };
  /** Resolves once it answers. */
  answers(proxy: ReverseProxy): Promise<unknown>;
  startMs: number;
}

/** Checks the proxy's configuration, starts it, adds it to `running`, and returns it once it answers. */
export async function runProxy(run: ProxyRun, running: Stoppable[]): Promise<ReverseProxy> {
  const binary = proxyBinary(run.name, run.binary.candidates, run.binary.install);
  const check = spawnSync(binary, run.checkArgs, { encoding: 'utf8', env: run.env });
  expect(check.status, check.stderr).toBe(0);
  const log = run.log.output ? fs.openSync(run.log.file, 'w') : undefined;
  const stdio: StdioOptions = log === undefined ? 'ignore' : ['ignore', log, log];
  const child: ChildProcess = spawn(binary, run.args, { stdio, env: run.env });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proxy: ReverseProxy = {
    httpPort: run.httpPort,
    httpsPort: run.httpsPort,
    async stop() {
      child.kill(run.stopSignal);
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
    if (child.exitCode !== null || Date.now() - started > run.startMs) {
      throw new Error(`${run.name} did not start:\n${fs.readFileSync(run.log.file, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
