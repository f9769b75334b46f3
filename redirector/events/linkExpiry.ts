/**
 * `link.expired` (docs/api.md#webhooks): every EXPIRY_CHECK_MS, links past their expiry date or out
 * of clicks get their event, once per link across every instance (the first to claim it records
 * it), within a minute of expiring.
 */
import { type Background, runInBackground, SHARED_LOOP_JITTER } from '../background';
import type { LinkExpiryRepository } from '../storage/repositories/linkExpiry';
import type { LinkEventRecorder, LinkEventSubject } from './linkEvents';

export const EXPIRY_CHECK_MS = 15_000;
const PER_CHECK = 100;

export interface LinkExpiryDeps {
  expiry: LinkExpiryRepository;
  clock: () => number;
  /** The link as events carry it; undefined when it is gone. */
  presentLink: (id: number) => Promise<LinkEventSubject | undefined>;
  record: LinkEventRecorder;
  log: (message: string, error?: unknown) => void;
}

export interface LinkExpiryCheck {
  /** One check now (the timer's, and tests'). */
  check(): Promise<void>;
  /** A check as soon as possible (a click just used up a link's max_clicks): its event within 1 s. */
  soon(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createLinkExpiryCheck(deps: LinkExpiryDeps): LinkExpiryCheck {
  let loop: Background<void> | undefined;
  let running: Promise<void> | undefined;

  async function checkOnce(): Promise<void> {
    for (;;) {
      const due = await deps.expiry.due(deps.clock(), PER_CHECK);
      for (const id of due) {
        const subject = await deps.presentLink(id);
        if (subject && (await deps.expiry.claim(id, deps.clock()))) {
          await deps.record({ action: 'expired', ...subject });
        }
      }
      if (due.length < PER_CHECK) return;
    }
  }

  const check = () => {
    running ??= checkOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    check,
    soon() {
      loop?.runSoon();
    },
    start() {
      loop ??= runInBackground(check, {
        what: 'the link expiry check',
        everyMs: EXPIRY_CHECK_MS,
        jitter: SHARED_LOOP_JITTER,
        log: deps.log,
      });
    },
    async stop() {
      const stopping = loop?.stop();
      loop = undefined;
      await stopping;
    },
  };
}
