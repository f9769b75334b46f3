/**
 * A Lighthouse trace with each renderer main-thread task timed by the CPU its thread used (the
 * event's `tdur`) instead of the wall clock (`dur`). Lighthouse's simulated throttling (Lantern)
 * multiplies the observed length of each main-thread task by `cpuSlowdownMultiplier` (4× on
 * mobile) to estimate a phone: its model takes the observed length for the page's own cost on an
 * idle desktop, where the two are nearly equal. On a shared, busy host a task's wall time also holds
 * the time other processes had the cores (a task of 0.2 ms of CPU was seen lasting 44 ms), which
 * Lantern would multiply by 4 as if it were the page's work.
 *
 * Each top-level task is compressed towards its start by tdur / dur, and every event on that
 * thread within it by the same factor, so the task tree keeps its nesting and every task keeps its
 * start (which Lantern uses to link tasks to requests). A task without `tdur`, or whose `tdur` is
 * not shorter, is left as recorded. Instant events and other threads are not moved.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
}

/** The (pid, tid) keys of the renderers' main threads. */
function rendererMainThreads(events: readonly TraceEvent[]): Set<string> {
  const threads = new Set<string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain') {
      threads.add(`${event.pid}:${event.tid}`);
    }
  }
  return threads;
}

/** One thread's top-level tasks as [start, wall end, factor], in order; only those that shrink. */
function shrinkingTasks(events: readonly TraceEvent[]): Array<[number, number, number]> {
  const complete = events.filter((event) => event.ph === 'X' && (event.dur ?? 0) > 0);
  complete.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: Array<[number, number, number]> = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const event of complete) {
    const dur = event.dur ?? 0;
    if (event.ts < end) continue;
    end = event.ts + dur;
    if (event.tdur !== undefined && event.tdur < dur) tasks.push([event.ts, end, Math.max(event.tdur, 1) / dur]);
  }
  return tasks;
}

/**
 * The time `t` on a thread whose tasks are compressed: inside a task, towards its start. An
 * event's start belongs to the task from its start up to (not at) its end, an event's end to the
 * task after its start up to its end: an event that starts where a task ends stays put.
 */
function compressedTime(tasks: ReadonlyArray<[number, number, number]>, t: number, isEnd: boolean): number {
  let low = 0;
  let high = tasks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end, factor] = tasks[middle]!;
    if (isEnd ? t <= start : t < start) high = middle - 1;
    else if (isEnd ? t > end : t >= end) low = middle + 1;
    else return start + (t - start) * factor;
  }
  return t;
}

/** The trace's events with the renderer main threads' tasks in thread time (a new array). */
export function inThreadTime(events: readonly TraceEvent[]): TraceEvent[] {
  const mainThreads = rendererMainThreads(events);
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(key)) continue;
    const threadEvents = byThread.get(key) ?? [];
    threadEvents.push(event);
    byThread.set(key, threadEvents);
  }
  const tasksOf = new Map([...byThread].map(([key, threadEvents]) => [key, shrinkingTasks(threadEvents)]));
  return events.map((event) => {
    const tasks = tasksOf.get(`${event.pid}:${event.tid}`);
    if (!tasks?.length || !['X', 'B', 'E'].includes(event.ph)) return event;
    const ts = compressedTime(tasks, event.ts, event.ph === 'E');
    if (event.ph !== 'X') return { ...event, ts };
    return { ...event, ts, dur: compressedTime(tasks, event.ts + (event.dur ?? 0), true) - ts };
  });
}

/** Total wall and thread time of the renderer main threads' top-level tasks, for the report. */
export function mainThreadTimes(events: readonly TraceEvent[]): { wallMs: number; threadMs: number } {
  const mainThreads = rendererMainThreads(events);
  let wallMs = 0;
  let threadMs = 0;
  for (const key of mainThreads) {
    const threadEvents = events.filter((event) => `${event.pid}:${event.tid}` === key);
    const complete = threadEvents.filter((event) => event.ph === 'X' && (event.dur ?? 0) > 0);
    complete.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let end = Number.NEGATIVE_INFINITY;
    for (const event of complete) {
      if (event.ts < end) continue;
      end = event.ts + (event.dur ?? 0);
      wallMs += (event.dur ?? 0) / 1000;
      threadMs += (event.tdur ?? event.dur ?? 0) / 1000;
    }
  }
  return { wallMs: Math.round(wallMs), threadMs: Math.round(threadMs) };
}
