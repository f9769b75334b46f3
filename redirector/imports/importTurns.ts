/**
 * How much of an import's work a turn of the event loop takes at most (docs/api.md#imports). A
 * job's storage statements are synchronous on SQLite, and mapping a click (its user agent, its
 * address) is work in JavaScript on either store: a page read from the source is stored in parts,
 * each part its own transaction with the job's step, a turn between two parts, so that redirects
 * on the same instance are answered meanwhile.
 *
 * A part is sized by the CPU time the last one took, not by a fixed count of rows: a link costs
 * some fifty times a click, and either costs more as the tables grow or the machine changes. A
 * part aims at PART_AIM_MS; past it the next part shrinks to the power of two its rate of rows
 * allows, under half of it the next one doubles (docs/performance.md, "Imports while redirects
 * run"). CPU time, not the clock: on a shared machine a part waiting for a CPU is no costlier.
 * Node 20 counts the whole process's (its other threads: the checkpointer, the collector's
 * helpers, the compiler): a part they make look slow only makes the next one smaller.
 */
import { yieldToRequests } from '../background';

/** The CPU time a part aims at: most parts take between half of it and all of it. */
export const PART_AIM_MS = 5;

/** Bounds of a part, powers of two: links (each through the link service's checks) and clicks. */
export const LINK_PARTS = { first: 16, min: 1, max: 256 } as const;
export const CLICK_PARTS = { first: 256, min: 16, max: 4096 } as const;

export interface PartBounds {
  first: number;
  min: number;
  max: number;
}

/** The size of a job's next part of one kind of rows, from the CPU time of the part before. */
export interface PartSize {
  /** Rows the next part takes. */
  readonly rows: number;
  /** A part of `rows` rows took `ms` of CPU time. */
  took(rows: number, ms: number): void;
}

/** The largest power of two at most `value` (1 below 2). */
const powerOfTwoBelow = (value: number): number => (value < 2 ? 1 : 2 ** Math.floor(Math.log2(value)));

export function partSize(bounds: PartBounds, aimMs = PART_AIM_MS): PartSize {
  let rows = bounds.first;
  return {
    get rows() {
      return rows;
    },
    took(partRows, ms) {
      // A part cut short by the end of a page says little about a full one: only a slow one counts.
      if (ms > aimMs) rows = Math.min(rows / 2, powerOfTwoBelow((partRows * aimMs) / ms));
      else if (ms * 2 < aimMs && partRows >= rows) rows *= 2;
      rows = Math.min(bounds.max, Math.max(bounds.min, rows));
    },
  };
}

/** The process's CPU time so far (user + system), in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Runs `work` on `rows` part by part, each as large as `size` says, a turn between parts; tells
 * `size` what each part took; stops at a part that answers false.
 */
export async function inTurns<T>(
  rows: readonly T[],
  size: PartSize,
  work: (part: readonly T[]) => Promise<boolean>,
): Promise<boolean> {
  for (let start = 0; start < rows.length; ) {
    if (start > 0) await yieldToRequests();
    const part = rows.slice(start, start + size.rows);
    const before = cpuMs();
    const done = await work(part);
    size.took(part.length, cpuMs() - before);
    if (!done) return false;
    start += part.length;
  }
  return true;
}
