/**
 * Vitest setup for the suites whose files share a worker process one after another
 * (`isolate: false`; docs/performance.md, "The test suite's time"): a file must stop what it
 * started, or its servers' loops, timers and sockets go on taking CPU from every later file of its
 * worker. After the file's own afterAll hooks, this waits a moment for closing things to close, then
 * fails the file, naming each timer it left pending or repeating (with where it was set) and each
 * server, socket or child process it left open.
 */
import { afterAll } from 'vitest';

interface Tracked {
  timer: NodeJS.Timeout;
  repeats: boolean;
  ms: number;
  stack: string;
  file: number;
}

interface State {
  timers: Set<Tracked>;
  file: number;
}

/** Closing sockets, a drained queue's last tick: what a stopped server may still finish. */
const SETTLE_MS = 3000;
const KEY = Symbol.for('me.tests.leftRunning');

/** Timers are wrapped once per worker process; each file gets a number of its own. */
function state(): State {
  const holder = globalThis as { [KEY]?: State };
  if (!holder[KEY]) {
    holder[KEY] = { timers: new Set(), file: 0 };
    wrapTimers(holder[KEY]);
  }
  return holder[KEY];
}

function wrapTimers(tracked: State): void {
  const record = (timer: NodeJS.Timeout, repeats: boolean, ms: unknown) => {
    if (tracked.timers.size > 5000) prune(tracked);
    const stack = (new Error().stack ?? '').split('\n').slice(3, 9).join('\n');
    tracked.timers.add({ timer, repeats, ms: Number(ms) || 0, stack, file: tracked.file });
    return timer;
  };
  const realTimeout = globalThis.setTimeout;
  const realInterval = globalThis.setInterval;
  globalThis.setTimeout = Object.assign(
    (handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
      record(realTimeout(handler, ms, ...args), false, ms),
    realTimeout,
  ) as typeof setTimeout;
  globalThis.setInterval = Object.assign(
    (handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
      record(realInterval(handler, ms, ...args), true, ms),
    realInterval,
  ) as typeof setInterval;
}

function isDone(entry: Tracked): boolean {
  return (entry.timer as unknown as { _destroyed?: boolean })._destroyed === true;
}

function prune(tracked: State): void {
  for (const entry of tracked.timers) if (isDone(entry)) tracked.timers.delete(entry);
}

/** The handles Node counts as keeping the process alive: servers, sockets, child processes, workers. */
function activeHandles(): unknown[] {
  return (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
}

function describeHandle(handle: unknown): string {
  const name = (handle as object)?.constructor?.name ?? typeof handle;
  const h = handle as {
    address?: () => unknown;
    remoteAddress?: string;
    remotePort?: number;
    localPort?: number;
    pid?: number;
    spawnfile?: string;
  };
  if (h.spawnfile) return `${name} ${h.spawnfile} (pid ${h.pid})`;
  if (h.remotePort) return `${name} to ${h.remoteAddress}:${h.remotePort} (from port ${h.localPort})`;
  if (typeof h.address === 'function') {
    try {
      return `${name} on ${JSON.stringify(h.address())}`;
    } catch {
      return name;
    }
  }
  return name;
}

interface Left {
  timers: Tracked[];
  handles: unknown[];
}

function leftOver(tracked: State, file: number, before: Set<unknown>): Left {
  prune(tracked);
  return {
    timers: [...tracked.timers].filter((entry) => entry.file === file && !isDone(entry)),
    handles: activeHandles().filter((handle) => !before.has(handle)),
  };
}

function describe(left: Left): string {
  const timers = left.timers.map(
    (entry) => `${entry.repeats ? 'setInterval' : 'setTimeout'} of ${entry.ms} ms, set\n${entry.stack}`,
  );
  return [...timers, ...left.handles.map(describeHandle)].join('\n\n');
}

/** Stops what the file left, so that its failure does not slow the worker's later files too. */
function stop(left: Left): void {
  for (const entry of left.timers) clearTimeout(entry.timer);
  for (const handle of left.handles) {
    const h = handle as { destroy?: () => void; close?: () => void; spawnfile?: string; kill?: () => void };
    if (h.spawnfile) h.kill?.();
    else if (typeof h.destroy === 'function') h.destroy();
    else h.close?.();
  }
}

// vitest runs a setup file again before each test file, and before the test file's imports.
const tracked = state();
tracked.file += 1;
const file = tracked.file;
const before = new Set<unknown>(activeHandles());

afterAll(async () => {
  const until = Date.now() + SETTLE_MS;
  const count = (left: Left) => left.timers.length + left.handles.length;
  let left = leftOver(tracked, file, before);
  while (count(left) > 0 && Date.now() < until) {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => globalThis.setTimeout(resolve, 50));
    left = leftOver(tracked, file, before);
  }
  // The wait's own timers are done by now; nothing else may be.
  if (count(left) === 0) return;
  const message = `this file left running:\n\n${describe(left)}`;
  stop(left);
  throw new Error(message);
});
