/**
 * The pace of link checks (docs/api.md#link-health): at most `atOnce` under way, and requests to one
 * destination host at least `perHostMs` apart, so that a service many links point at is never
 * flooded by our checks. Per process; the lease (storage) keeps instances off each other's links.
 */
export interface HostPacer {
  /** Runs `task` once a place is free and the host's turn has come. */
  run<T>(host: string, task: () => Promise<T>): Promise<T>;
}

export function createHostPacer(
  options: { atOnce?: number; perHostMs?: number; clock?: () => number } = {},
): HostPacer {
  const atOnce = options.atOnce ?? 4;
  const perHostMs = options.perHostMs ?? 1000;
  const clock = options.clock ?? Date.now;
  let running = 0;
  const waiting: (() => void)[] = [];
  /** The earliest start of the next request to each host. */
  const nextStart = new Map<string, number>();

  async function place(): Promise<void> {
    if (running < atOnce) {
      running += 1;
      return;
    }
    // The place is handed over by the task that frees it.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function free(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  function turnOf(host: string): number {
    const now = clock();
    if (nextStart.size > 10_000) for (const [name, at] of nextStart) if (at < now) nextStart.delete(name);
    const start = Math.max(now, nextStart.get(host) ?? 0);
    nextStart.set(host, start + perHostMs);
    return start - now;
  }

  return {
    async run(host, task) {
      const wait = turnOf(host.toLowerCase());
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await place();
      try {
        return await task();
      } finally {
        free();
      }
    },
  };
}
