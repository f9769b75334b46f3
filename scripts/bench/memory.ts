/** Resident memory of a process, from Linux's /proc/<pid>/status. */
import fs from 'node:fs';

export interface MemoryReading {
  /** Resident set size now, MB (MiB). */
  rssMb: number;
  /** Peak resident set size since the process started, MB (MiB). */
  peakMb: number;
}

/** Parses VmRSS and VmHWM (kB) out of a /proc/<pid>/status text (pure). */
export function parseProcStatus(text: string): MemoryReading {
  const kb = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text);
    if (!match) throw new Error(`no ${field} line in /proc status`);
    return Number(match[1]);
  };
  return { rssMb: Math.round(kb('VmRSS') / 102.4) / 10, peakMb: Math.round(kb('VmHWM') / 102.4) / 10 };
}

/** The process's memory; undefined where /proc is missing (not Linux). */
export function readMemory(pid: number): MemoryReading | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  return parseProcStatus(text);
}
