/**
 * Publishes the broker outbox to EVENTS_BROKER_URL (docs/api.md#events-into-a-broker): at least
 * once and in order, surviving restarts and a broker outage. Each run, under the outbox's lease
 * (one instance at a time), takes the oldest messages (when there are none, the next clicks after
 * the click cursor become a `link.clicked` message, as for webhooks), publishes them in order,
 * and deletes them only once the broker acknowledged them all. A failed publish keeps them, closes
 * the connection and waits (1 s, doubling up to 10 s) before trying again; the outage is said
 * once when it starts and once when it ends.
 */
import crypto from 'node:crypto';
import { systemScope } from '../../auth/scope';
import { type Background, runInBackground } from '../../background';
import { CLICKS_PER_MESSAGE } from '../../contract/webhooks';
import { maskCredentials } from '../../observability/logger';
import type { BrokerMessageRecord, BrokerOutbox, RangedBrokerMessage } from '../../storage/repositories/brokerOutbox';
import type { EventFeed } from '../../storage/repositories/eventFeed';
import { kickAsClicksCome } from '../clickCatchUp';
import { type ClickHorizon, clickHorizon } from '../clickHorizon';
import { withBrokerBodies } from '../clickMessages';
import type { ClickTexts } from '../clickTexts';
import { ClickTextsData } from '../eventMessages';
import type { BrokerConfig } from './brokerConfig';
import { newBrokerMessage } from './brokerMessages';
import type { BrokerMetrics } from './brokerMetrics';
import { connectPublisher } from './connectPublisher';
import { BROKER_TIMEOUT_MS, type BrokerPublisher, withTimeout } from './publisher';

const TICK_MS = 1000;
/** Messages per publish (each batch is acknowledged as a whole before it is deleted). */
const BATCH = 100;
/** Click messages made in one run when no message waits (up to 1,000 clicks). */
const CLICK_MESSAGES_PER_RUN = 10;
const LEASE_MS = 30_000;
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 10_000;

export interface BrokerWorkerDeps {
  config: BrokerConfig;
  outbox: BrokerOutbox;
  feed: EventFeed;
  engine: 'sqlite' | 'postgres';
  clock: () => number;
  metrics: BrokerMetrics;
  /** The clicks' texts, shared with the webhooks and the streams. */
  texts: ClickTexts;
  /** The outage's two lines: a warning when it starts, information when it ends (and the start's line). */
  say: (level: 'info' | 'warn', message: string) => void;
  /** Problems of the loop itself (a database read that failed). */
  log: (message: string, error?: unknown) => void;
  /** The wait after a run that left nothing to publish (TICK_MS; a test's longer one shows what else starts a run). */
  tickMs?: number;
}

export interface BrokerWorker {
  start(): void;
  /** Publishes soon (after a message was stored). */
  kick(): void;
  /** False while the broker is unreachable (the last attempt failed). */
  isUp(): boolean;
  stop(): Promise<void>;
}

type RunResult = 'idle' | 'more' | 'down';

/** An error's message without the URL's credentials. */
function safeMessage(error: unknown, config: BrokerConfig): string {
  const text = error instanceof Error ? error.message : String(error);
  const url = new URL(config.url);
  let safe = maskCredentials(text).split(config.url).join(config.safeName);
  if (url.password) safe = safe.split(decodeURIComponent(url.password)).join('***');
  return safe.slice(0, 300);
}

/**
 * The next clicks after the cursor as up to CLICK_MESSAGES_PER_RUN messages, stored with the
 * cursor moved past them in one transaction, and returned in order: published together, so that a
 * busy server pays one commit, one lease, one publish and one delete for many messages, not for
 * each. `caughtUp`: the last message took every click stored so far (fewer than
 * CLICKS_PER_MESSAGE), so the clicks stored from now on wait for the next tick and fill its
 * messages (docs/api.md#events-into-a-broker).
 */
async function takeClicks(
  { outbox, feed, clock, texts }: Pick<BrokerWorkerDeps, 'outbox' | 'feed' | 'clock' | 'texts'>,
  horizon: ClickHorizon,
): Promise<{ taken: BrokerMessageRecord[]; caughtUp: boolean }> {
  const start = await outbox.cursor(() => feed.lastClickId());
  const upTo = await horizon.upTo();
  const made: RangedBrokerMessage[] = [];
  let cursor = start;
  while (made.length < CLICK_MESSAGES_PER_RUN && upTo > cursor) {
    const clicks = await feed.clicksAfter({ after: cursor, upTo, scope: systemScope(), limit: CLICKS_PER_MESSAGE });
    if (clicks.length === 0) {
      // None up to the horizon (bots' or imported ids): the cursor passes them.
      cursor = upTo;
      break;
    }
    // A short page took every click up to the horizon.
    const next = clicks.length === CLICKS_PER_MESSAGE ? clicks[clicks.length - 1]!.id : upTo;
    const data = new ClickTextsData(clicks, texts);
    made.push({ message: newBrokerMessage('link.clicked', clock(), data), range: { after: cursor, through: next } });
    cursor = next;
  }
  const taken = cursor === start ? [] : await outbox.enqueueClicks(made, cursor);
  return { taken, caughtUp: cursor >= upTo };
}

/**
 * What a run publishes: the messages waiting (a click message's body made again from its range of
 * clicks, clickMessages.ts), or when none wait the clicks' new ones (published as made, each stored
 * as its range). `more`: more may wait (a full batch, or clicks not caught up).
 */
async function nextMessages(
  deps: BrokerWorkerDeps,
  horizon: ClickHorizon,
): Promise<{ messages: BrokerMessageRecord[]; more: boolean }> {
  const waiting = await deps.outbox.next(BATCH);
  if (waiting.length > 0) return { messages: await withBrokerBodies(deps, waiting), more: waiting.length === BATCH };
  const clicks = await takeClicks(deps, horizon);
  return { messages: clicks.taken, more: !clicks.caughtUp };
}

/** The outage's two lines (one when the broker goes, one when it is back) and its failed attempts. */
function outageLines({ config, say }: Pick<BrokerWorkerDeps, 'config' | 'say'>) {
  let failures = 0;
  return {
    failures: () => failures,
    wentDown(error: unknown, backlog: number): void {
      failures++;
      if (failures === 1) {
        say(
          'warn',
          `events broker ${config.safeName} unreachable (${safeMessage(error, config)}); ${backlog} events wait in the outbox`,
        );
      }
    },
    cameBack(): void {
      if (failures > 0)
        say('info', `events broker ${config.safeName} reachable again after ${failures} failed attempts`);
      failures = 0;
    },
  };
}

export function createBrokerWorker(deps: BrokerWorkerDeps): BrokerWorker {
  const { config, outbox, feed, clock, tickMs = TICK_MS } = deps;
  const holder = `broker-${crypto.randomBytes(6).toString('hex')}`;
  const horizon = clickHorizon(deps.engine, feed, clock);
  let publisher: BrokerPublisher | undefined;
  let loop: Background<RunResult> | undefined;
  const outage = outageLines(deps);
  let stopped = false;
  let stateMade = false;
  /** Stops the kicks of clicks coming fast (clickCatchUp.ts). */
  let stopKicks = () => {};

  /**
   * Publishes `messages` on the connection (made first when there is none); with no messages it
   * only connects, so that an instance which saw the broker go away learns it is back even when
   * another instance published the backlog meanwhile. False: the outage goes on.
   */
  async function send(messages: readonly BrokerMessageRecord[]): Promise<boolean> {
    try {
      publisher ??= await connectPublisher(config);
      if (messages.length === 0) return true;
      const events = messages.map((message) => ({ id: message.message_id, type: message.type, body: message.body }));
      await withTimeout(publisher.publish(events), BROKER_TIMEOUT_MS, `publishing to ${config.safeName}`);
      return true;
    } catch (error) {
      const failed = publisher;
      publisher = undefined;
      await failed?.close();
      if (messages.length > 0) deps.metrics.messages('retried', messages.length);
      outage.wentDown(error, await outbox.backlog().catch(() => messages.length));
      return false;
    }
  }

  async function run(): Promise<RunResult> {
    if (stopped) return 'idle';
    // The state row (and its click cursor) is made on the first run: the lease lives in it.
    if (!stateMade) stateMade = (await outbox.cursor(() => feed.lastClickId())) >= 0;
    if (!(await outbox.lease(holder, clock(), LEASE_MS))) return 'idle';
    try {
      await horizon.sample();
      const { messages, more } = await nextMessages(deps, horizon);
      if (messages.length === 0 && outage.failures() === 0) return 'idle';
      if (!(await send(messages))) return 'down';
      if (messages.length > 0) {
        await outbox.remove(messages.map((message) => message.id));
        deps.metrics.messages('published', messages.length);
      }
      outage.cameBack();
      return more ? 'more' : 'idle';
    } finally {
      await outbox.release(holder).catch(() => undefined);
    }
  }

  function backoff(): number {
    return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(outage.failures() - 1, 10));
  }

  /** While the broker is away, a new event (and clicks coming fast) waits for the backoff like the rest. */
  function kick(): void {
    if (stopped || outage.failures() > 0) return;
    if (loop) loop.runSoon();
    else {
      loop = runInBackground(run, {
        what: 'publishing events to the broker',
        everyMs: tickMs,
        firstAfterMs: 0,
        nextAfterMs: (result) => (result === 'more' ? 0 : result === 'down' ? backoff() : tickMs),
        log: deps.log,
      });
    }
  }

  return {
    start() {
      deps.say('info', `publishing events to ${config.safeName} (topic ${config.topic})`);
      stopKicks = kickAsClicksCome(feed, kick);
      if (deps.engine !== 'sqlite') return kick();
      outbox
        .releaseAll()
        .catch((error) => deps.log('the broker lease could not be ended at start', error))
        .finally(kick);
    },
    kick,
    isUp: () => outage.failures() === 0,
    async stop() {
      stopped = true;
      stopKicks();
      await loop?.stop();
      await publisher?.close();
      publisher = undefined;
    },
  };
}
