/**
 * An import's parts sized by their CPU time (docs/api.md#imports): a part past the aim makes the
 * next one as small as its rate of rows allows (a power of two, at least halved), a full part
 * under half the aim doubles the next, within the bounds. Run for real: parts whose work burns CPU
 * time shrink, parts that cost nothing grow; either way every row is worked on once, in order.
 */
import { describe, expect, it } from 'vitest';
import { inTurns, PART_AIM_MS, partSize } from '../../../../redirector/imports/importTurns';

const BOUNDS = { first: 64, min: 4, max: 1024 };
const isPowerOfTwo = (n: number) => Number.isInteger(Math.log2(n));

/** Burns `ms` of this process's CPU time. */
function burnCpu(ms: number): void {
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const until = cpu() + ms;
  while (cpu() < until) {
    // Working: the time is the point.
  }
}

/** Runs `inTurns` over `count` rows whose work costs `msPerRow` each; the parts as they came, and whether it finished. */
async function runParts(count: number, msPerRow: number, stopAt = Number.POSITIVE_INFINITY) {
  const rows = Array.from({ length: count }, (_, index) => index);
  const size = partSize(BOUNDS);
  const parts: number[][] = [];
  const finished = await inTurns(rows, size, async (part) => {
    parts.push([...part]);
    burnCpu(part.length * msPerRow);
    return parts.length < stopAt;
  });
  return { parts, finished, next: size.rows };
}

/** `runParts` to the end: every row worked on once and in order, the first part of the first size; the parts' sizes. */
async function sizesOfWholeRun(count: number, msPerRow: number): Promise<number[]> {
  const { parts, finished } = await runParts(count, msPerRow);
  expect(finished).toBe(true);
  expect(parts.flat()).toEqual(Array.from({ length: count }, (_, index) => index));
  const sizes = parts.map((part) => part.length);
  expect(sizes[0]).toBe(BOUNDS.first);
  return sizes;
}

describe("an import's parts", () => {
  it('shrink after a slow part to what its rate allows, at least halving, and grow after a fast full one', () => {
    const size = partSize(BOUNDS);
    expect(size.rows).toBe(64);
    // 64 rows in 4 × the aim: 16 rows fit it.
    size.took(64, PART_AIM_MS * 4);
    expect(size.rows).toBe(16);
    // Just past the aim: at least halved.
    size.took(16, PART_AIM_MS * 1.1);
    expect(size.rows).toBe(8);
    // Within the aim and over half of it: kept.
    size.took(8, PART_AIM_MS * 0.75);
    expect(size.rows).toBe(8);
    size.took(8, PART_AIM_MS * 0.1);
    expect(size.rows).toBe(16);
    // A part cut short by the end of a page says nothing of a full one's cost: no growth.
    size.took(3, 0);
    expect(size.rows).toBe(16);
  });

  it('stay within their bounds', () => {
    const size = partSize(BOUNDS);
    for (let i = 0; i < 20; i++) size.took(size.rows, 0);
    expect(size.rows).toBe(BOUNDS.max);
    for (let i = 0; i < 20; i++) size.took(size.rows, PART_AIM_MS * 100);
    expect(size.rows).toBe(BOUNDS.min);
  });

  it('shrink while their work costs much CPU, every row worked on once and in order', async () => {
    // 0.5 ms a row: a part of 64 costs 32 ms, six times the aim; 8 rows (4 ms) fit it.
    const sizes = await sizesOfWholeRun(200, 0.5);
    expect(sizes[1]).toBeLessThanOrEqual(BOUNDS.first / 4);
    // Settled where a part costs about the aim: the parts after the first all well below it.
    for (const size of sizes.slice(1, -1)) {
      expect(isPowerOfTwo(size)).toBe(true);
      expect(size).toBeLessThanOrEqual(16);
    }
  });

  it('grow while their work costs next to nothing, doubling, up to the largest', async () => {
    // Room for a part or two that the process's other threads (the compiler, the collector) make look slow.
    const sizes = await sizesOfWholeRun(10_000, 0);
    for (const [index, size] of sizes.slice(1).entries()) expect(size).toBeLessThanOrEqual(sizes[index]! * 2);
    expect(Math.max(...sizes)).toBe(BOUNDS.max);
  });

  it('stop at a part that answers false', async () => {
    const { parts, finished } = await runParts(1000, 0, 2);
    expect(finished).toBe(false);
    expect(parts).toHaveLength(2);
  });
});
