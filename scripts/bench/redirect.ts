/**
 * One load run against a server: wrk (pinned with taskset) with the generated Lua script, or
 * autocannon in this process (pinned with the bench itself). Both send the same visit pool.
 */
import { spawn } from 'node:child_process';
import type { Generator } from './args';
import { pinned } from './processes';
import type { Visit } from './traffic';
import { type LoadResult, parseWrkOutput } from './wrkScript';

export interface LoadOptions {
  generator: Generator;
  url: string;
  connections: number;
  seconds: number;
  /** wrk: the Lua script written by wrkScript(). */
  scriptFile: string;
  /** autocannon: the visits to cycle through. */
  visits: readonly Visit[];
  /** autocannon: the total request rate to keep to (wrk: in the script, wrkScript()); undefined: as fast as answered. */
  perSecond?: number;
  cpu: number | undefined;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  return options.generator === 'wrk' ? runWrk(options) : runAutocannon(options);
}

async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '5s',
    '-s',
    options.scriptFile,
    options.url,
  ];
  const [command, commandArgs] = pinned(options.cpu, 'wrk', args);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  // Bounded: wrk stops itself after the duration; this only catches a hung generator.
  const guard = setTimeout(() => child.kill('SIGKILL'), (options.seconds + 30) * 1000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(guard);
  if (code !== 0) throw new Error(`wrk exited with ${code}:\n${output.slice(-2000)}`);
  return parseWrkOutput(output);
}

async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  const { default: autocannon } = await import('autocannon');
  let next = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 5,
    ...(options.perSecond === undefined ? {} : { overallRate: options.perSecond }),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const visit = options.visits[next]!;
          next = (next + 1) % options.visits.length;
          return { ...request, path: visit.path, headers: visit.headers };
        },
      },
    ],
  });
  const answered = result['2xx'] + result['3xx'];
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    answered,
    otherStatus: result.non2xx - result['3xx'],
    socketErrors: result.errors + result.timeouts,
  };
}
