/**
 * `npm run bench -- --against REV`: checks REV out in a temporary git worktree (outside the
 * repository), gives it node_modules (the current tree's when package-lock.json is the same, else
 * `npm ci` there), builds its server, then runs its bench and this tree's in turns, one measured
 * run each, and prints every figure's medians side by side (bench/against.ts). The worktree is
 * removed afterwards, also on failure and on Ctrl-C.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  childBenchArgs,
  compareFigures,
  flattenFigures,
  formatComparison,
  interleaveOrder,
  NARROWING_OPTIONS,
  type Side,
} from './against';
import type { BenchArgs } from './args';
import { ROOT } from './processes';

interface AgainstOptions {
  argv: readonly string[];
  args: BenchArgs & { against: string };
  progress: (message: string) => void;
}

let child: ChildProcess | undefined;
let cleanUp: (() => void) | undefined;

const git = (args: readonly string[], cwd = ROOT) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function prepareWorktree(revision: string, progress: (message: string) => void): { dir: string; remove: () => void } {
  const commit = git(['rev-parse', '--verify', `${revision}^{commit}`]);
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'me-bench-against-'));
  const dir = path.join(parent, 'tree');
  progress(`checking ${revision} (${commit.slice(0, 10)}) out in a temporary worktree`);
  git(['worktree', 'add', '--detach', dir, commit]);
  const remove = () => {
    try {
      git(['worktree', 'remove', '--force', dir]);
    } catch {
      // Already gone, or half made: prune forgets it either way.
    }
    fs.rmSync(parent, { recursive: true, force: true });
    try {
      git(['worktree', 'prune']);
    } catch {}
  };
  cleanUp = remove;
  const lock = (root: string) => fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  if (lock(dir) === lock(ROOT)) {
    fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
  } else {
    progress(`${revision}'s package-lock.json differs from this tree's: npm ci in its worktree`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    });
  }
  progress(`building ${revision}'s server`);
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return { dir, remove };
}

/** Whether the bench in `cwd` knows `option` (a revision's may be older than the option). */
function benchKnows(cwd: string): (option: string) => boolean {
  const usage = fs.readFileSync(path.join(cwd, 'scripts/bench/args.ts'), 'utf8');
  return (option) => usage.includes(`'${option}'`);
}

/** One child bench run (`npm run bench` in that tree); resolves with its figures. */
function runBench(cwd: string, argv: readonly string[], jsonFile: string): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const tsx = path.join(cwd, 'node_modules/.bin/tsx');
    const started = spawn(tsx, ['scripts/bench.ts', ...childBenchArgs(argv, jsonFile, benchKnows(cwd))], {
      cwd,
      stdio: ['ignore', 'ignore', 'inherit'],
      // As this tree's bench sets for its servers (bench/processes.ts), for a revision's bench that did not yet.
      env: { ...process.env, LINK_CHECK_HOURS: '0' },
    });
    child = started;
    started.once('error', reject);
    started.once('exit', (code, signal) => {
      child = undefined;
      if (code !== 0) return reject(new Error(`the bench in ${cwd} ended with ${signal ?? `exit ${code}`}`));
      resolve(flattenFigures(JSON.parse(fs.readFileSync(jsonFile, 'utf8'))));
    });
  });
}

export async function benchAgainst({ argv, args, progress }: AgainstOptions): Promise<void> {
  const revision = args.against;
  const worktree = prepareWorktree(revision, progress);
  const unknown = NARROWING_OPTIONS.filter((option) => argv.includes(option) && !benchKnows(worktree.dir)(option));
  if (unknown.length > 0)
    progress(
      `${revision}'s bench has no ${unknown.join(' or ')}: it runs every phase, and only the figures both sides have compare`,
    );
  const jsonDir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-bench-figures-'));
  try {
    const runs: Record<Side, Map<string, number>[]> = { current: [], against: [] };
    const order = interleaveOrder(args.runs);
    for (const [index, side] of order.entries()) {
      const cwd = side === 'current' ? ROOT : worktree.dir;
      progress(`run ${index + 1}/${order.length}: ${side === 'current' ? 'the current tree' : revision}`);
      runs[side].push(await runBench(cwd, argv, path.join(jsonDir, `${index}-${side}.json`)));
    }
    const rows = compareFigures(runs.current, runs.against);
    console.log(`\n${formatComparison(revision, rows, args.runs)}`);
    if (args.jsonFile !== undefined) {
      fs.writeFileSync(args.jsonFile, `${JSON.stringify({ against: revision, figures: rows }, null, 2)}\n`);
      console.log(`\nfigures written to ${args.jsonFile}`);
    }
  } finally {
    fs.rmSync(jsonDir, { recursive: true, force: true });
    worktree.remove();
    cleanUp = undefined;
  }
}

/** On SIGINT/SIGTERM: stop the running child bench (it drops its own schemas and temp folder), then remove the worktree. */
export async function stopAgainst(): Promise<void> {
  const running = child;
  if (running && running.exitCode === null) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 15_000);
      running.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      running.kill('SIGTERM');
    });
  }
  cleanUp?.();
  cleanUp = undefined;
}
