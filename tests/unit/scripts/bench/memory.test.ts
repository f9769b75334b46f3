import { describe, expect, it } from 'vitest';
import { parseProcStatus, readMemory } from '../../../../scripts/bench/memory';

const STATUS = `Name:\tnode
State:\tS (sleeping)
VmPeak:\t 1207300 kB
VmHWM:\t  262144 kB
VmRSS:\t  204800 kB
RssAnon:\t  150000 kB
Threads:\t11
`;

describe('parseProcStatus', () => {
  it('reads the resident and peak sizes in MB', () => {
    expect(parseProcStatus(STATUS)).toEqual({ rssMb: 200, peakMb: 256 });
  });

  it('fails loudly on a text without them', () => {
    expect(() => parseProcStatus('Name:\tnode\n')).toThrow('no VmRSS line in /proc status');
  });
});

describe('readMemory', () => {
  it('reads this process (Linux) and gives undefined for a process that does not exist', () => {
    const reading = readMemory(process.pid);
    if (process.platform === 'linux') expect(reading?.rssMb).toBeGreaterThan(0);
    expect(readMemory(2 ** 31 - 1)).toBeUndefined();
  });
});
