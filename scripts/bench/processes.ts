/**
 * Child processes of the bench: the product's production build and the floor server, each pinned
 * to the server core when there are two or more cores; core planning; free ports.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/server.js');
export const FLOOR_ENTRY = path.join(ROOT, 'scripts/bench/floorServer.mjs');

export interface CorePlan {
  /** CPU the servers are pinned to; undefined: not pinned. */
  serverCpu: number | undefined;
  /** CPU the load generator is pinned to; undefined: not pinned. */
  generatorCpu: number | undefined;
  cpus: number;
  note: string;
}

export function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Server on the first CPU, generator on the second, when there are two and taskset exists (pure). */
export function planCores(cpus: number, tasksetAvailable: boolean): CorePlan {
  if (cpus >= 2 && tasksetAvailable) {
    return { serverCpu: 0, generatorCpu: 1, cpus, note: 'server pinned to CPU 0, load generator to CPU 1 (taskset)' };
  }
  const why = cpus < 2 ? 'one CPU' : 'no taskset';
  return { serverCpu: undefined, generatorCpu: undefined, cpus, note: `not pinned (${why}): figures are rough` };
}

export function detectCores(): CorePlan {
  return planCores(os.availableParallelism(), hasCommand('taskset'));
}

/**
 * Keeps the bench's own process (every thread) off the server's CPU while `run` goes, when the
 * cores are planned: in the events phase it reads 100 streams and is the webhook's receiver, work
 * that would otherwise share the measured server's CPU in some runs and not in others
 * (docs/performance.md#events). Its affinity is set back to every CPU afterwards.
 */
export async function offServerCpu<T>(cores: CorePlan, run: () => Promise<T>): Promise<T> {
  if (cores.generatorCpu === undefined) return run();
  const affinity = (cpus: string) =>
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
  affinity(String(cores.generatorCpu));
  try {
    return await run();
  } finally {
    affinity(`0-${cores.cpus - 1}`);
  }
}

/** The command line, prefixed with `taskset -c <cpu>` when pinned (taskset execs, so the pid is the command's). */
export function pinned(cpu: number | undefined, command: string, args: readonly string[]): [string, string[]] {
  return cpu === undefined ? [command, [...args]] : ['taskset', ['-c', String(cpu), command, ...args]];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  name: string;
  url: string;
  pid: number;
  output: () => string;
  /**
   * Sends the signal (the events phase's SIGSTOP and SIGCONT); throws, with the server's exit and
   * its last output, when it has exited (the phase then says why, not only `kill ESRCH`).
   */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM; resolves with the exit code (SIGKILL after the timeout, giving null). */
  stop(timeoutMs?: number): Promise<number | null>;
}

/** What a phase that starts servers of its own is given (bench.ts): its folder, the CPU its servers run on, their admin key, and how to report, track and stop them. */
export interface OwnServers {
  dir: string;
  cpu: number | undefined;
  adminKey: string;
  progress: (line: string) => void;
  track: (server: RunningServer) => void;
  stop: (server: RunningServer) => Promise<unknown>;
}

/** Resolves once `url` answers at all; rejects (with the child's output) if the child exits or stays silent. */
export async function waitUntilAnswering(
  child: ChildProcess,
  url: string,
  output: () => string,
  // Generous: on a shared VM under load (a load average of 18 on 2 CPUs) Me on PostgreSQL once took over 30 s.
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early (${child.exitCode}):\n${output()}`);
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`did not answer within ${timeoutMs / 1000} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startServer(
  name: string,
  [command, args]: [string, string[]],
  env: NodeJS.ProcessEnv,
  url: string,
  probePath: string,
): Promise<RunningServer> {
  let log = '';
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
  child.stdout?.on('data', (chunk) => {
    log = (log + chunk).slice(-20_000);
  });
  child.stderr?.on('data', (chunk) => {
    log = (log + chunk).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output = () => log;
  try {
    await waitUntilAnswering(child, `${url}${probePath}`, output);
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}`);
  }
  return {
    name,
    url,
    pid: child.pid!,
    output,
    signal(signal) {
      if (child.exitCode !== null || child.signalCode !== null) {
        const exit = child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode;
        throw new Error(
          `${name} on ${url} had exited (${exit}) when sent ${signal}; its last output:\n${log.slice(-2000)}`,
        );
      }
      child.kill(signal);
    },
    async stop(timeoutMs = 30_000) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      // A server the events phase stopped (SIGSTOP, bench/events.ts) goes on, to stop as asked.
      child.kill('SIGCONT');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface ProductOptions {
  dataDir: string;
  /** Run on this PostgreSQL database instead of dataDir's SQLite file. */
  databaseUrl?: string;
  adminKey: string;
  cpu: number | undefined;
  /** More environment (the events phase: OUTBOUND_ALLOW_PRIVATE for its receiver on loopback). */
  env?: Record<string, string>;
  /** Node's --cpu-prof into this folder (bench --cpu-prof). */
  cpuProfileDir?: string;
  /** More Node flags (bench --node-flags). */
  nodeFlags?: readonly string[];
}

/** dist/server/server.js on a free loopback port, TRUST_PROXY=1 (the generator sends X-Forwarded-For). */
export async function startProduct(options: ProductOptions): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    ADMIN_KEY: options.adminKey,
    TRUST_PROXY: '1',
    // The bench's links would all be due for their first link-health check at once (docs/api.md#link-health):
    // outbound requests to every destination during the load, where a service spreads them over its links' days.
    LINK_CHECK_HOURS: '0',
    ...options.env,
  };
  if (options.databaseUrl === undefined) delete env.DATABASE_URL;
  else env.DATABASE_URL = options.databaseUrl;
  const url = `http://127.0.0.1:${port}`;
  const profile = options.cpuProfileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`];
  return startServer(
    'product',
    pinned(options.cpu, process.execPath, [...profile, ...(options.nodeFlags ?? []), SERVER_ENTRY]),
    env,
    url,
    '/healthz',
  );
}

/** The bare node:http floor over the same links. */
export async function startFloor(linksFile: string, cpu: number | undefined): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const command = pinned(cpu, process.execPath, [FLOOR_ENTRY, linksFile, String(port)]);
  return startServer('floor', command, { ...process.env, NODE_ENV: 'production' }, url, '/');
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time of every PostgreSQL server process on this machine (µs), for the database's share of a redirect. */
export function postgresCpuUs(): number | undefined {
  let total: number | undefined;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const used = processCpuUs(Number(entry));
    if (used !== undefined) total = (total ?? 0) + used;
  }
  return total;
}

/**
 * CPU time the process has used so far, user + system over every thread, in microseconds, as the
 * kernel counts it (/proc/<pid>/stat); undefined where there is no /proc.
 */
export function processCpuUs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
