/**
 * npm run profile:events -- [--quick] [--stacks DIR]: where the events' CPU goes
 * (docs/performance.md, "Profiling the events"). Runs the bench's events phase with V8's jitdump
 * (`--perf-prof`), records both servers' paced runs with Linux perf (every thread, the kernel
 * included, 2,000 samples a second), names the JIT's frames (`perf inject --jit`), and prints each
 * server's CPU per request by part (scripts/profile/perfStacks.ts): the webhook, the broker, the
 * streams, the click texts, the window of recent clicks, the redirects, the helper threads (the
 * collector, the compiler, the WAL checkpointer). Needs `perf` (Debian's linux-perf) and, unless
 * root, kernel.perf_event_paranoid ≤ 1. The figures include perf's own cost: compare the parts, not
 * the bench's ratio. `--stacks DIR` keeps each server's named stacks (`perf script`) as
 * DIR/plain.perf.txt and DIR/events.perf.txt, to be read against the build they were taken of (its
 * source maps name the functions).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseBenchArgs } from './bench/args';
import { hasCommand, ROOT, SERVER_ENTRY } from './bench/processes';
import { countParts, EVENT_PARTS, parsePerfScript } from './profile/perfStacks';
import { createSourceLookup } from './profile/sourceMaps';

const HZ = 2000;

function fail(message: string): never {
  console.error(`profile:events: ${message}`);
  process.exit(1);
}

/** The pids of the bench's product servers (descendants of `root` running the server build). */
function serverPids(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses.
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const descends = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === root) return true;
    return false;
  };
  return [...parents.keys()].filter((pid) => {
    if (!descends(pid)) return false;
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(SERVER_ENTRY);
    } catch {
      return false;
    }
  });
}

/** perf recording `pid` into `file`, and its end (perf writes the file out once stopped with SIGINT). */
function record(pid: number, file: string): { perf: ChildProcess; ended: Promise<unknown> } {
  const perf = spawn(
    'perf',
    ['record', '-k', 'mono', '-e', 'cpu-clock', '-F', String(HZ), '-g', '-p', String(pid), '-o', file],
    { stdio: 'ignore' },
  );
  return { perf, ended: new Promise((resolve) => perf.once('exit', resolve)) };
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const stacksAt = process.argv.indexOf('--stacks');
  const stacksDir = stacksAt === -1 ? undefined : process.argv[stacksAt + 1];
  if (stacksAt !== -1 && (!stacksDir || !fs.existsSync(stacksDir))) fail('--stacks needs a folder that exists');
  if (!hasCommand('perf')) fail('needs perf (Debian: apt-get install linux-perf)');
  const paranoid = Number(fs.readFileSync('/proc/sys/kernel/perf_event_paranoid', 'utf8'));
  if (process.getuid?.() !== 0 && paranoid > 1) fail('needs kernel.perf_event_paranoid ≤ 1 (or root)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-profile-'));
  const benchArgv = [
    '--events-only',
    '--node-flags',
    '--perf-prof --interpreted-frames-native-stack',
    ...(quick ? ['--quick'] : []),
  ];
  // The paced runs' length and number, as the bench reads them from the same arguments.
  const { durationSeconds, runs } = parseBenchArgs(benchArgv);
  const bench = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/bench.ts', ...benchArgv], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const servers: { plain?: number; events?: number } = {};
  const recorders: ReturnType<typeof record>[] = [];
  const answered: number[] = [];
  let perSecond = 0;
  // The bench's progress comes on stderr, its figures on stdout.
  await new Promise<void>((resolve) => {
    const read = (line: string) => {
      console.log(line);
      if (line.includes('Me without events, warming up')) servers.plain = serverPids(bench.pid!)[0];
      if (line.includes('streams, warming up'))
        servers.events = serverPids(bench.pid!).find((pid) => pid !== servers.plain);
      const paced = / 1\/\d+: Me without events at (\d+) req\/s/.exec(line);
      if (paced && recorders.length === 0) {
        perSecond = Number(paced[1]);
        if (servers.plain === undefined || servers.events === undefined) fail('the two servers were not found');
        for (const pid of [servers.plain, servers.events]) recorders.push(record(pid, path.join(dir, `${pid}.data`)));
      }
      if (line.includes(` ${runs}/${runs}: CPU µs/req`)) for (const recorder of recorders) recorder.perf.kill('SIGINT');
      const done = /req\/s answered without events ([\d,]+), with ([\d,]+)/.exec(line);
      if (done) {
        answered.push(Number(done[1]!.replaceAll(',', '')), Number(done[2]!.replaceAll(',', '')));
        resolve();
      }
    };
    readline.createInterface({ input: bench.stdout! }).on('line', read);
    readline.createInterface({ input: bench.stderr! }).on('line', read);
    bench.once('exit', () => resolve());
  });
  await Promise.all(recorders.map((recorder) => recorder.ended));
  bench.kill('SIGINT');
  if (servers.plain === undefined || servers.events === undefined || answered.length < 2) fail('the bench ended early');
  const seconds = durationSeconds * runs;
  const lookup = createSourceLookup(ROOT);
  const perRequest: Map<string, number>[] = [];
  for (const [index, pid] of [servers.plain, servers.events].entries()) {
    const data = path.join(dir, `${pid}.data`);
    execFileSync('perf', ['inject', '--jit', '-i', data, '-o', `${data}.jit`], { cwd: ROOT, stdio: 'ignore' });
    const text = execFileSync('perf', ['script', '-F', 'tid,ip,sym', '-i', `${data}.jit`], {
      cwd: ROOT,
      maxBuffer: 1 << 30,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // V8 writes its jitdump and perf inject its code files beside the servers (the repository's root).
    for (const file of fs.readdirSync(ROOT))
      if (file === `jit-${pid}.dump` || file.startsWith(`jitted-${pid}-`)) fs.rmSync(path.join(ROOT, file));
    if (stacksDir) fs.writeFileSync(path.join(stacksDir, `${index === 0 ? 'plain' : 'events'}.perf.txt`), text);
    const requests = answered[index]! * seconds;
    const counts = countParts(parsePerfScript(text, pid), lookup);
    perRequest.push(new Map([...counts].map(([part, n]) => [part, (n * 1e6) / HZ / requests])));
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const [plain, events] = perRequest as [Map<string, number>, Map<string, number>];
  const names = [...EVENT_PARTS.map((part) => part.name), 'helper threads', 'other'];
  const total = (map: Map<string, number>) => [...map.values()].reduce((sum, value) => sum + value, 0);
  console.log(
    `\nCPU µs a request by part, paced to ${perSecond.toLocaleString('en-US')} req/s (perf's own cost included)`,
  );
  console.log(`${'part'.padEnd(16)}${'plain'.padStart(10)}${'with events'.padStart(14)}${'more'.padStart(10)}`);
  for (const name of [...names, 'all']) {
    const [a, b] = name === 'all' ? [total(plain), total(events)] : [plain.get(name) ?? 0, events.get(name) ?? 0];
    console.log(
      `${name.padEnd(16)}${a.toFixed(2).padStart(10)}${b.toFixed(2).padStart(14)}${(b - a).toFixed(2).padStart(10)}`,
    );
  }
  process.exit(0);
}

void main();
