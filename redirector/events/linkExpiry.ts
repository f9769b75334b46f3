/**
 * `link.expired` (docs/api.md#webhooks): every EXPIRY_CHECK_MS, links past their expiry date or out
 * of clicks get their event, once per link across every instance (the first to claim it records
 * it), within a minute of expiring.
 */
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
  start(): void;
  stop(): void;
}

export function createLinkExpiryCheck(deps: LinkExpiryDeps): LinkExpiryCheck {
  let timer: NodeJS.Timeout | undefined;
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
    start() {
      if (timer) return;
      timer = setInterval(
        () => check().catch((error) => deps.log('the link expiry check failed', error)),
        EXPIRY_CHECK_MS,
      );
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
