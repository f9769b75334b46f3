/**
 * Hub views, stored in batches (docs/api.md#the-hub): the views of one turn of the event loop go
 * in one INSERT, formed with setImmediate as the click recorder's batches are, and each page is
 * answered once its view's batch has settled, so a view counted is a view stored. A batch that
 * cannot be stored is logged and its pages answered all the same: a view is worth less than the
 * page.
 */
import { logProblem } from '../observability/logger';
import type { HubView } from '../storage/repositories/hubFigures';
import type { HubRepository } from '../storage/repositories/hubRepository';

export interface ViewRecorder {
  /** Calls `then` once the view's batch settled. */
  recordThen(view: HubView, then: () => void): void;
  /** Resolves once every view recorded so far has settled. */
  flush(): Promise<void>;
}

export function createViewRecorder(hubs: Pick<HubRepository, 'addViews'>): ViewRecorder {
  let views: HubView[] = [];
  let waiting: (() => void)[] = [];
  let scheduled = false;
  const inFlight = new Set<Promise<void>>();

  function write(): void {
    scheduled = false;
    const batch = views;
    const done = waiting;
    views = [];
    waiting = [];
    const stored: Promise<void> = hubs
      .addViews(batch)
      .catch((error) => logProblem(`could not store ${batch.length} hub views`, error))
      .finally(() => {
        inFlight.delete(stored);
        for (const then of done) then();
      });
    inFlight.add(stored);
  }

  return {
    recordThen(view, then) {
      views.push(view);
      waiting.push(then);
      if (!scheduled) {
        scheduled = true;
        setImmediate(write);
      }
    },
    async flush() {
      if (scheduled) write();
      await Promise.all([...inFlight]);
    },
  };
}
