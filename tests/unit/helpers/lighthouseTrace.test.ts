/**
 * The Lighthouse trace in thread time (tests/helpers/lighthouseTrace.ts), which the hub's Lighthouse
 * test audits: a renderer main thread's tasks shrink to their CPU time, their events with them, and
 * nothing else moves.
 */
import { describe, expect, it } from 'vitest';
import { inThreadTime, mainThreadTimes, type TraceEvent } from '../../helpers/lighthouseTrace';

const MAIN = { pid: 1, tid: 7 };
const OTHER = { pid: 1, tid: 8 };

function named(thread: { pid: number; tid: number }, name: string): TraceEvent {
  return { ...thread, name: 'thread_name', ph: 'M', ts: 0, args: { name } };
}

/** A task of 100 µs wall and 20 of CPU with a child, then one that starts where it ends. */
const TRACE: TraceEvent[] = [
  named(MAIN, 'CrRendererMain'),
  named(OTHER, 'Compositor'),
  { ...MAIN, name: 'RunTask', ph: 'X', ts: 1_000, dur: 100, tdur: 20 },
  { ...MAIN, name: 'Layout', ph: 'X', ts: 1_050, dur: 40, tdur: 8 },
  { ...MAIN, name: 'Paint', ph: 'B', ts: 1_060 },
  { ...MAIN, name: 'Paint', ph: 'E', ts: 1_070 },
  { ...MAIN, name: 'firstContentfulPaint', ph: 'R', ts: 1_080 },
  { ...MAIN, name: 'RunTask', ph: 'X', ts: 1_100, dur: 30, tdur: 30 },
  { ...MAIN, name: 'RunTask', ph: 'X', ts: 1_200, dur: 50 },
  { ...OTHER, name: 'RunTask', ph: 'X', ts: 1_000, dur: 100, tdur: 10 },
];

describe('a trace in thread time', () => {
  const shrunk = inThreadTime(TRACE);
  const at = (index: number) => ({ ts: shrunk[index]?.ts, dur: shrunk[index]?.dur });

  it('times a main-thread task by its CPU, keeping its start', () => {
    expect(at(2)).toEqual({ ts: 1_000, dur: 20 });
  });

  it('shrinks the events inside the task by the same factor, so they stay inside it', () => {
    expect(at(3)).toEqual({ ts: 1_010, dur: 8 });
    expect([shrunk[4]?.ts, shrunk[5]?.ts]).toEqual([1_012, 1_014]);
  });

  it('moves no instant event, no task that starts where a shrunk one ended, none without thread time', () => {
    expect(shrunk[6]).toBe(TRACE[6]);
    expect(at(7)).toEqual({ ts: 1_100, dur: 30 });
    expect(at(8)).toEqual({ ts: 1_200, dur: 50 });
  });

  it('leaves the other threads as recorded', () => {
    expect(shrunk[9]).toBe(TRACE[9]);
    expect(shrunk).toHaveLength(TRACE.length);
  });

  it('sums the main thread’s top-level tasks in wall and thread time, in milliseconds', () => {
    const inMs = TRACE.map((event) => ({
      ...event,
      ts: event.ts * 1_000,
      dur: event.dur && event.dur * 1_000,
      tdur: event.tdur && event.tdur * 1_000,
    }));
    expect(mainThreadTimes(inMs)).toEqual({ wallMs: 180, threadMs: 100 });
  });
});
