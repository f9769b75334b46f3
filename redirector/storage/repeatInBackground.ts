/**
 * Runs `task` every `everyMs` while the service runs, never two runs at once (a run that outlasts
 * the interval makes the next ones wait for it). The timer keeps no process alive; `stop` ends it
 * and resolves once a run in progress has ended. Each task says its own failures.
 */
export function repeatInBackground(everyMs: number, task: () => Promise<unknown>) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= task().finally(() => {
      running = undefined;
    });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
