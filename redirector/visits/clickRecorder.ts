// STUB: replaced by the short-link path work.
import type { NewClick } from '../storage/records';
import type { ClickRepository } from '../storage/store';

export interface ClickRecorder {
  /** Resolves once the click is durably stored. */
  record(click: NewClick): Promise<void>;
  /** Resolves once every click handed in so far is stored. */
  flush(): Promise<void>;
}

export function createClickRecorder(clicks: ClickRepository): ClickRecorder {
  return {
    record: (click) => clicks.insertMany([click]),
    flush: async () => {},
  };
}
