/**
 * The pace of link checks (docs/api.md#link-health): at most `atOnce` requests under way, at most one
 * of them per account (its others wait behind the other accounts', served in turn), and requests to
 * one destination host at least `perHostMs` apart, redirect hops included, so that a service many
 * links point at is never flooded by our checks and no account's slow destinations hold everyone's
 * checks. Per process; the lease (storage) keeps instances off each other's links.
 */
export interface HostPacer {
  /** Runs `task` once a place is free, `account` has no other request under way and `host`'s turn has come. */
  run<T>(account: string, host: string, task: () => Promise<T>): Promise<T>;
  /** Refuses every request still waiting with `reason` (a stop: nothing waiting starts any more). */
  cancelWaiting(reason: Error): void;
}

/** The host a request is paced by: its name without the port, lower case, without a trailing dot. */
export function hostKey(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
}

interface Waiting {
  host: string;
  start(): void;
  cancel(reason: Error): void;
}

export function createHostPacer(
  options: { atOnce?: number; perHostMs?: number; clock?: () => number } = {},
): HostPacer {
  const atOnce = options.atOnce ?? 4;
  const perHostMs = options.perHostMs ?? 1000;
  const clock = options.clock ?? Date.now;
  let running = 0;
  /** Accounts with a request under way. */
  const busy = new Set<string>();
  /** Each account's waiting requests; the accounts in their turn (one served goes to the back). */
  const queues = new Map<string, Waiting[]>();
  /** The earliest start of the next request to each host. */
  const nextStart = new Map<string, number>();
  let wake: NodeJS.Timeout | undefined;

  function dispatch(account: string, queue: Waiting[], index: number, now: number): void {
    const [next] = queue.splice(index, 1);
    queues.delete(account);
    if (queue.length > 0) queues.set(account, queue);
    running += 1;
    busy.add(account);
    nextStart.set(next!.host, now + perHostMs);
    next!.start();
  }

  /** Starts what may start now, in the accounts' turn; wakes up again when a host's turn comes. */
  function pump(): void {
    clearTimeout(wake);
    wake = undefined;
    const now = clock();
    if (nextStart.size > 10_000) for (const [name, at] of nextStart) if (at < now) nextStart.delete(name);
    let soonest = Number.POSITIVE_INFINITY;
    for (const account of [...queues.keys()]) {
      if (running >= atOnce) return;
      const queue = queues.get(account);
      if (!queue || busy.has(account)) continue;
      const index = queue.findIndex((waiting) => (nextStart.get(waiting.host) ?? 0) <= now);
      if (index >= 0) dispatch(account, queue, index, now);
      else for (const waiting of queue) soonest = Math.min(soonest, nextStart.get(waiting.host) ?? now);
    }
    if (soonest < Number.POSITIVE_INFINITY) {
      wake = setTimeout(pump, Math.max(1, soonest - now));
    }
  }

  return {
    run(account, host, task) {
      return new Promise((resolve, reject) => {
        const start = () => {
          task()
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              busy.delete(account);
              pump();
            });
        };
        const queue = queues.get(account) ?? [];
        queue.push({ host, start, cancel: reject });
        queues.set(account, queue);
        pump();
      });
    },
    cancelWaiting(reason) {
      clearTimeout(wake);
      wake = undefined;
      const waiting = [...queues.values()].flat();
      queues.clear();
      for (const request of waiting) request.cancel(reason);
    },
  };
}
