import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pinned, planCores, type RunningServer, startFloor } from '../../../../scripts/bench/processes';

describe('planCores', () => {
  it('pins the server and the generator to different CPUs when there are two', () => {
    expect(planCores(2, true)).toEqual({
      serverCpu: 0,
      generatorCpu: 1,
      cpus: 2,
      note: 'server pinned to CPU 0, load generator to CPU 1 (taskset)',
    });
    expect(planCores(8, true)).toMatchObject({ serverCpu: 0, generatorCpu: 1 });
  });

  it('does not pin with one CPU or without taskset', () => {
    expect(planCores(1, true)).toEqual({
      serverCpu: undefined,
      generatorCpu: undefined,
      cpus: 1,
      note: 'not pinned (one CPU): figures are rough',
    });
    expect(planCores(4, false).note).toBe('not pinned (no taskset): figures are rough');
  });
});

describe('pinned', () => {
  it('prefixes taskset only when a CPU is given', () => {
    expect(pinned(0, 'node', ['server.js'])).toEqual(['taskset', ['-c', '0', 'node', 'server.js']]);
    expect(pinned(undefined, 'node', ['server.js'])).toEqual(['node', ['server.js']]);
  });
});

/** Runs `check` against a floor server of one link, stopped and its folder removed afterwards. */
async function withFloor(check: (floor: RunningServer) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-bench-floor-'));
  const links = path.join(dir, 'links.json');
  fs.writeFileSync(links, JSON.stringify([{ short_code: 'a', target_url: 'https://example.com/' }]));
  const floor = await startFloor(links, undefined);
  try {
    await check(floor);
  } finally {
    await floor.stop(1000);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('a running server', () => {
  it('stops as asked while the events phase has it stopped (SIGSTOP)', () =>
    withFloor(async (floor) => {
      floor.signal('SIGSTOP');
      // Its own SIGTERM handler exits 0; a server left stopped would be killed after the minute (exit code null).
      expect(await floor.stop(60_000)).toBe(0);
    }));

  it('says a server had exited, with its code, when the events phase signals it', () =>
    withFloor(async (floor) => {
      floor.signal('SIGSTOP');
      floor.signal('SIGCONT');
      process.kill(floor.pid, 'SIGKILL');
      expect(await floor.stop(1000)).toBeNull();
      expect(() => floor.signal('SIGCONT')).toThrow(
        /^floor on http:\/\/127\.0\.0\.1:\d+ had exited \(SIGKILL\) when sent SIGCONT; its last output:/,
      );
    }));
});
