import { describe, expect, it } from 'vitest';
import { pinned, planCores } from '../../../../scripts/bench/processes';

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
