/** Waiting on a condition in tests instead of a fixed sleep: read again every few ms, up to a bound. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads until `done` holds or `ms` pass; answers the last value read (the test's expect says what was wrong). */
export async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  ms = 15_000,
  every = 50,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await pause(every);
  }
}

/** Waits until `check` holds; throws "timed out waiting for <what>" after `ms`. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = 30_000,
  every = 50,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(every);
  }
}
