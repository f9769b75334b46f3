/**
 * The events phase (docs/api.md#webhooks, docs/api.md#live-stream): the same redirect load on two
 * servers, one plain and one with one active link.clicked webhook (a receiver on loopback answering
 * 200) and 100 open live streams (20 the administrator's, 80 of four users, the most an account
 * may open). Each server has the same runs: a warm-up and unpaced runs, then paced runs, the two
 * servers' in turns (the other one stopped meanwhile). Reports the server's CPU per
 * request with events over without (target ≤ 1.10), both at the same request rate (PACE_SHARE of
 * the plain server's unpaced rate, or --pace-share's: docs/performance.md#events), the unpaced
 * runs' figures beside, and the seconds after the load ends until the webhook has delivered the
 * last click a stream saw (its backlog drained; target ≤ 10 s).
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { LoadResult } from './wrkScript';

export const STREAMS = 100;
/**
 * The parts of the events the server with events may run without (--events-without), to tell each
 * one's share of the ratio; a run without one is not the target's figure (docs/performance.md#events).
 */
export const EVENTS_PARTS = ['webhook', 'streams', 'broker'] as const;
export type EventsPart = (typeof EVENTS_PARTS)[number];
const PER_ACCOUNT = 20;
/**
 * The measured runs, plain and with events, are paced to this share of the plain server's unpaced
 * rate: CPU per request is compared at equal traffic. Unpaced, the server with events answered
 * fewer requests a second, and what a server does per second rather than per request (its timers,
 * the fold's budget, fewer requests per turn of the event loop) weighed more on each of its requests.
 */
export const PACE_SHARE = 0.5;

/**
 * Seconds of load each server has, as fast as it answers, before its runs (with events: once the
 * webhook, the broker and the streams are at work). V8 compiles a function once it has run enough:
 * the events' code runs per read of the streams or per message of 100 clicks, and it was still being
 * compiled 40–70 s after the start, at a cost the plain server no longer paid (docs/performance.md#events).
 */
export function eventsWarmupSeconds(quick: boolean): number {
  return quick ? 15 : 30;
}

export interface EventsFigures {
  /** Median server CPU µs per request, without and with events, both paced to `perSecond`. */
  plainCpuUs: number;
  eventsCpuUs: number;
  cpuRatio: number;
  /** Median requests per second answered in the paced runs, without and with events. */
  plainRps: number;
  eventsRps: number;
  /** The rate both were paced to, and its share of the plain server's unpaced rate. */
  perSecond: number;
  paceShare: number;
  /** The plain server unpaced (as fast as it answers): median CPU µs per request and req/s. */
  plainUnpacedCpuUs: number;
  plainUnpacedRps: number;
  /**
   * The server with events unpaced, the same runs the plain server had before its paced ones (so
   * both are as warm when measured): median CPU µs per request and req/s.
   */
  eventsUnpacedCpuUs: number;
  eventsUnpacedRps: number;
  /** Seconds from the load's end until the webhook delivered the last click the streams saw; null: not within the wait. */
  backlogDrainS: number | null;
  streams: number;
  clicksDelivered: number;
  /** The link.clicked messages they came in (each pays a signature, a request and its commits). */
  clickMessages: number;
  /** The parts the server with events ran without (--events-without); empty: the target's figure. */
  without: readonly EventsPart[];
  /** The broker the events runs published to (bench/benchBroker.ts); null: none answered. */
  broker?: string | null;
  /** Events the broker held at the end. */
  brokerEvents?: number;
  /** The server's RSS with 10,000 streams open (bench/streamsAtScale.ts); null: not measured. */
  streams10kRssMb?: number | null;
}

interface Receiver {
  url: string;
  highest: number;
  clicks: number;
  messages: number;
  close(): void;
}

/** A webhook receiver answering 200 at once, noting the highest click id delivered. */
async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', highest: 0, clicks: 0, messages: 0, close: () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { data?: { clicks?: { id: number }[] } };
        if (body.data?.clicks) receiver.messages += 1;
        for (const click of body.data?.clicks ?? []) {
          receiver.clicks += 1;
          receiver.highest = Math.max(receiver.highest, click.id);
        }
      } catch {
        // Not a click message.
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return receiver;
}

async function post(base: string, path: string, headers: Record<string, string>, body: unknown) {
  const answer = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await answer.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(data)}`);
  return data ?? {};
}

/** The credentials of the accounts the streams are opened with: the administrator's, then users'. */
async function streamCredentials(base: string, adminKey: string): Promise<Record<string, string>[]> {
  const credentials: Record<string, string>[] = [{ 'X-API-Key': adminKey }];
  for (let user = 1; credentials.length * PER_ACCOUNT < STREAMS; user++) {
    const person = { name: `Bench ${user}`, email: `bench${user}@example.com`, password: `bench-secret-${user}` };
    const from = { 'X-Forwarded-For': `198.51.100.${user}` };
    await post(base, '/api/auth?action=register', from, person);
    const login = await post(base, '/api/auth?action=login', from, { email: person.email, password: person.password });
    credentials.push({ Authorization: `Bearer ${login.token}` });
  }
  return credentials;
}

export interface OpenStreams {
  /** The highest click id any stream saw. */
  highest(): number;
  close(): void;
}

const ID_LINE = Buffer.from('\nid: ');
const NEWLINE = 10;

/**
 * The highest id of the complete `id:` lines in `bytes`, read as bytes (no decoding of the rest: the
 * bench's reading of 100 streams should cost little beside the server it measures); 0: none.
 */
export function lastEventId(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = buffer.length;
  while (end > 0) {
    const at = buffer.lastIndexOf(ID_LINE, end - 1);
    if (at < 0) return 0;
    const lineEnd = buffer.indexOf(NEWLINE, at + ID_LINE.length);
    if (lineEnd >= 0) return Number(buffer.toString('latin1', at + ID_LINE.length, lineEnd)) || 0;
    end = at;
  }
  return 0;
}

/**
 * The highest id of an id line cut between two chunks: `rest` is the previous chunk from its last
 * newline, `chunk` the next; 0 when no id line crosses.
 */
export function idAcross(rest: Uint8Array, chunk: Uint8Array): number {
  if (rest.length === 0) return 0;
  const firstNewline = chunk.indexOf(NEWLINE);
  if (firstNewline < 0) return 0;
  return lastEventId(Buffer.concat([rest, chunk.subarray(0, firstNewline + 1)]));
}

/** More than a status line takes: bytes without a line end by then are no HTTP answer. */
const STATUS_LINE_MOST = 256;

/** The status of an HTTP answer's first bytes (`HTTP/1.1 200 OK…`); 0: not an answer. */
export function statusOf(head: Uint8Array): number {
  const line = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 16)).toString('latin1');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(line);
  return match ? Number(match[1]) : 0;
}

/**
 * Opens one live stream over a bare TCP connection and hands each chunk of bytes it receives to
 * `read`. The bytes are not parsed as HTTP: the administrator's 20 streams carry every click, tens
 * of MB a second, and reading them through fetch's web streams took half of a CPU, the one the load
 * generator runs on, so the generator fell behind its pace (docs/performance.md#events). The
 * chunked encoding's size lines between chunks can only cut an id line short (a smaller number or
 * none), never make a larger one, so the highest id read stays exact.
 */
export function openStream(
  base: string,
  headers: Record<string, string>,
  read: (bytes: Buffer) => void,
): Promise<net.Socket> {
  const { hostname, port } = new URL(base);
  const lines = Object.entries({ ...headers, Host: `${hostname}:${port}`, Accept: 'text/event-stream' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`GET /api/stream HTTP/1.1\r\n${lines}\r\n`));
    // The status line may come in more than one read: the bytes are gathered until it is whole.
    let head = Buffer.alloc(0);
    const onHead = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.indexOf('\r\n') < 0 && head.length < STATUS_LINE_MOST) return;
      socket.off('data', onHead);
      const status = statusOf(head);
      if (status !== 200) {
        socket.destroy();
        reject(new Error(`a stream answered ${status}`));
        return;
      }
      resolve(socket);
      read(head);
      socket.on('data', read);
    };
    socket.on('data', onHead);
    socket.once('error', reject);
  });
}

/**
 * A reader of one stream's chunks as they come: each chunk's highest id, an id line cut between two
 * chunks read across them (the end of a chunk from its last newline is kept for the next); 0: none.
 */
export function chunkIds(): (chunk: Buffer) => number {
  let rest: Uint8Array = new Uint8Array(0);
  return (chunk) => {
    const highest = Math.max(lastEventId(chunk), idAcross(rest, chunk));
    const lastNewline = chunk.lastIndexOf(NEWLINE);
    rest = lastNewline < 0 ? Buffer.concat([rest, chunk]) : chunk.subarray(lastNewline);
    return highest;
  };
}

/** Opens `count` live streams, each read as it comes (the ids of its click events noted). */
async function openStreams(base: string, credentials: Record<string, string>[], count: number): Promise<OpenStreams> {
  let highest = 0;
  const reader = () => {
    const ids = chunkIds();
    return (chunk: Buffer) => {
      highest = Math.max(highest, ids(chunk));
    };
  };
  const opened = await Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      openStream(base, credentials[Math.floor(index / PER_ACCOUNT)]!, reader()),
    ),
  );
  const sockets = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = opened.find((result) => result.status === 'rejected');
  const close = () => {
    for (const socket of sockets) socket.destroy();
  };
  if (failed) {
    close();
    throw (failed as PromiseRejectedResult).reason;
  }
  for (const socket of sockets) socket.on('error', () => undefined);
  return { highest: () => highest, close };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The paced runs' rate: `share` of the median unpaced rate, in hundreds, at least 100 (pure). */
export function pacedRate(unpacedRps: number[], share: number): number {
  return Math.max(100, Math.round((median(unpacedRps) * share) / 100) * 100);
}

/** The server with events as the progress names it: with every part, or without those taken out (pure). */
export function eventsSideName(without: readonly EventsPart[]): string {
  if (without.length === 0) return `Me with a link.clicked webhook and ${STREAMS} streams`;
  return `Me with events, without the ${without.join(' and the ')}`;
}

/** One of the two servers the phase measures, pinned to the same CPU: stopped (SIGSTOP) while the other one runs. */
export interface EventsSide {
  base: string;
  /** One measured run; `perSecond`: paced to this total rate, else as fast as the server answers. */
  load: (perSecond?: number) => Promise<LoadResult>;
  /** The load before its runs: eventsWarmupSeconds() as fast as it answers. */
  warmUp: () => Promise<unknown>;
  pause: () => void;
  resume: () => void;
  /** Clicks it has stored and not yet folded into its analytics (bench/database.ts unfoldedClicks). */
  unfolded: () => number;
}

/**
 * The plain server's warm-up and unpaced runs; then the server with events (started by `withEvents`
 * on its own copy of the data as it was before them, with the broker) gets the webhook and the
 * streams, its warm-up and unpaced runs; then the paced runs in turns, a plain one and one with
 * events, the other server stopped meanwhile. Each pair's runs are seconds apart, so the ratio is
 * the median of the pairs' ratios: on a shared machine the CPU a request takes moved by a quarter
 * from one minute to the next, more than the gap measured (docs/performance.md#events).
 */
export async function benchEvents(options: {
  adminKey: string;
  runs: number;
  plain: EventsSide;
  withEvents: () => Promise<EventsSide>;
  progress: (message: string) => void;
  /** The paced runs' share of the plain server's unpaced rate; PACE_SHARE by default. */
  paceShare?: number;
  /** The parts the server with events runs without (the broker's is the caller's: not started). */
  without?: readonly EventsPart[];
}): Promise<EventsFigures> {
  const { runs, progress, plain, paceShare = PACE_SHARE } = options;
  progress('events: Me without events, warming up');
  await plain.warmUp();
  const unpaced: LoadResult[] = [];
  for (let run = 1; run <= runs; run++) {
    progress(`events ${run}/${runs}: Me without events, unpaced`);
    unpaced.push(await plain.load());
  }
  const perSecond = pacedRate(
    unpaced.map((run) => run.rps),
    paceShare,
  );
  plain.pause();
  try {
    return { ...(await measureWithEvents(options, unpaced, perSecond)), paceShare };
  } finally {
    plain.resume();
  }
}

/** benchEvents once the plain server's unpaced runs are done (it is stopped). */
async function measureWithEvents(
  { adminKey, runs, progress, plain, withEvents, without = [] }: Parameters<typeof benchEvents>[0],
  unpaced: LoadResult[],
  perSecond: number,
): Promise<Omit<EventsFigures, 'paceShare'>> {
  const events = await withEvents();
  const receiver = await startReceiver();
  const count = without.includes('streams') ? 0 : STREAMS;
  const webhook = !without.includes('webhook');
  const name = eventsSideName(without);
  const streams = await openStreams(events.base, await streamCredentials(events.base, adminKey), count).catch(
    (error) => {
      receiver.close();
      throw error;
    },
  );
  try {
    if (webhook)
      await post(
        events.base,
        '/api/webhooks',
        { 'X-API-Key': adminKey },
        { url: receiver.url, events: ['link.clicked'] },
      );
    // Warmed up as the plain server was, with the webhook, the broker and the streams at work: the
    // events' code runs per read or per message, a hundred times less often than the redirect's, and
    // V8 was still compiling it in the runs that followed a shorter warm-up (docs/performance.md#events).
    progress(`events: ${name}, warming up`);
    await events.warmUp();
    const eventsUnpaced: LoadResult[] = [];
    for (let run = 1; run <= runs; run++) {
      progress(`events ${run}/${runs}: ${name}, unpaced`);
      eventsUnpaced.push(await events.load());
    }
    // Their backlog delivered before the paced runs, so that those pay for their own clicks only.
    if (webhook) await caughtUp(receiver, streams, Date.now());
    // And each server's analytics caught up with the clicks of its runs so far, for the same reason:
    // left to the fold's budget under load, which grows with the backlog's age, that backlog was
    // folded during the paced runs, the plain server's through the first pairs and the other's to
    // the last, and moved each pair's ratio by more than the gap measured (docs/performance.md#events).
    await settleFold(events, adminKey, name, progress);
    events.pause();
    plain.resume();
    await settleFold(plain, adminKey, 'Me without events', progress);
    plain.pause();
    events.resume();
    const pairs: { plain: LoadResult; withEvents: LoadResult }[] = [];
    let loadEnded = Date.now();
    for (let run = 1; run <= runs; run++) {
      events.pause();
      plain.resume();
      progress(`events ${run}/${runs}: Me without events at ${perSecond} req/s`);
      const plainRun = await plain.load(perSecond);
      plain.pause();
      events.resume();
      progress(`events ${run}/${runs}: ${name} at ${perSecond} req/s`);
      const eventsRun = await events.load(perSecond);
      pairs.push({ plain: plainRun, withEvents: eventsRun });
      const [plainCpu, withThem] = [plainRun.cpuUs ?? 0, eventsRun.cpuUs ?? 0];
      // The median latency beside: a redirect waits for its click's commit, and what is alive longer
      // outlives more of the collector's scavenges (docs/performance.md#events).
      progress(
        `events ${run}/${runs}: CPU µs/req without events ${plainCpu.toFixed(1)}, with ${withThem.toFixed(1)} (ratio ${ratioOf(withThem, plainCpu).toFixed(3)}); p50 ${plainRun.p50Ms.toFixed(2)} / ${eventsRun.p50Ms.toFixed(2)} ms`,
      );
      loadEnded = Date.now();
    }
    const backlogDrainS = webhook ? await caughtUp(receiver, streams, loadEnded) : null;
    const cpu = (run: LoadResult) => run.cpuUs ?? 0;
    return {
      plainCpuUs: median(pairs.map((pair) => cpu(pair.plain))),
      eventsCpuUs: median(pairs.map((pair) => cpu(pair.withEvents))),
      cpuRatio: median(pairs.map((pair) => ratioOf(cpu(pair.withEvents), cpu(pair.plain)))),
      plainRps: median(pairs.map((pair) => pair.plain.rps)),
      eventsRps: median(pairs.map((pair) => pair.withEvents.rps)),
      perSecond,
      plainUnpacedCpuUs: median(unpaced.map(cpu)),
      plainUnpacedRps: median(unpaced.map((run) => run.rps)),
      eventsUnpacedCpuUs: median(eventsUnpaced.map(cpu)),
      eventsUnpacedRps: median(eventsUnpaced.map((run) => run.rps)),
      backlogDrainS,
      streams: count,
      without,
      clicksDelivered: receiver.clicks,
      clickMessages: receiver.messages,
    };
  } finally {
    events.resume();
    streams.close();
    receiver.close();
  }
}

/**
 * Seconds from `loadEnded` until the webhook has delivered the last click a stream saw (the last
 * clicks reach the streams within a poll or two; the webhook has to catch up with them); null: not
 * within 60 s.
 */
async function caughtUp(receiver: Receiver, streams: { highest(): number }, loadEnded: number): Promise<number | null> {
  while (Date.now() - loadEnded < 60_000) {
    if (Date.now() - loadEnded >= 600 && receiver.highest >= streams.highest())
      return Math.max(0, (Date.now() - loadEnded) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** An administrator's call that first folds up to 20,000 unfolded clicks (docs/api.md#analytics: figures are exact). */
const FOLDING_CALL = '/api/analytics/summary';
/** The longest settleFold goes on calling it. */
const FOLD_WAIT_MS = 180_000;

/**
 * Has the server fold the clicks it stored and has not yet folded, before its paced runs, by
 * calling FOLDING_CALL until none is left (said in the progress). Left to itself under load, it
 * folds them on a budget that grows with the backlog's age, and idle it takes minutes: about 1,600
 * clicks a second at a quarter of a core, in the background's small chunks (docs/performance.md#events).
 */
async function settleFold(
  side: EventsSide,
  adminKey: string,
  name: string,
  progress: (message: string) => void,
): Promise<void> {
  const started = Date.now();
  const before = side.unfolded();
  let left = before;
  while (left > 0 && Date.now() - started < FOLD_WAIT_MS) {
    const answer = await fetch(`${side.base}${FOLDING_CALL}`, { headers: { 'X-API-Key': adminKey } });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${name}: ${FOLDING_CALL} answered ${answer.status}`);
    left = side.unfolded();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  progress(
    left === 0
      ? `events: ${name} folded the ${before.toLocaleString('en-US')} clicks of its runs left unfolded (${seconds} s)`
      : `events: ${name} still had ${left.toLocaleString('en-US')} clicks to fold after ${seconds} s: its paced runs fold the rest`,
  );
}

/** CPU per request with events over without; 0 when there is no figure without. */
const ratioOf = (withEvents: number, without: number) => (without > 0 ? withEvents / without : 0);

export const EVENTS_TARGETS = { cpuRatio: 1.1, backlogDrainS: 10, streams10kRssMb: 400 };

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The JSON's `events`: cpu_ratio and backlog_drain_s (null when the phase did not run or did not drain). */
export function eventsJson(figures: EventsFigures | undefined): Record<string, unknown> {
  if (!figures) return { status: 'unavailable' };
  return {
    cpu_ratio: round(figures.cpuRatio, 3),
    backlog_drain_s: figures.backlogDrainS === null ? null : round(figures.backlogDrainS, 2),
    cpu_us_plain: round(figures.plainCpuUs, 1),
    cpu_us_with_events: round(figures.eventsCpuUs, 1),
    rps_plain: Math.round(figures.plainRps),
    rps_with_events: Math.round(figures.eventsRps),
    paced_rps: figures.perSecond,
    pace_share: figures.paceShare,
    cpu_us_plain_unpaced: round(figures.plainUnpacedCpuUs, 1),
    rps_plain_unpaced: Math.round(figures.plainUnpacedRps),
    cpu_us_with_events_unpaced: round(figures.eventsUnpacedCpuUs, 1),
    rps_with_events_unpaced: Math.round(figures.eventsUnpacedRps),
    streams: figures.streams,
    clicks_delivered: figures.clicksDelivered,
    click_messages: figures.clickMessages,
    without: [...figures.without],
    broker: figures.broker ?? null,
    broker_events: figures.brokerEvents ?? null,
    streams_10k_rss_mb: figures.streams10kRssMb ?? null,
    targets: {
      cpu_ratio: EVENTS_TARGETS.cpuRatio,
      backlog_drain_s: EVENTS_TARGETS.backlogDrainS,
      streams_10k_rss_mb: EVENTS_TARGETS.streams10kRssMb,
    },
  };
}

/**
 * A server that answered less than this share of the pace did not keep it: its CPU a request was
 * then measured behind its load, not at the rate compared (docs/performance.md#events).
 */
export const KEPT_PACE = 0.98;

/** The line saying which server did not keep the pace, if one did not (pure). */
export function behindPace(figures: Pick<EventsFigures, 'perSecond' | 'plainRps' | 'eventsRps'>): string[] {
  const behind = [
    { side: 'without events', rps: figures.plainRps },
    { side: 'with events', rps: figures.eventsRps },
  ].filter(({ rps }) => rps < figures.perSecond * KEPT_PACE);
  if (behind.length === 0) return [];
  const answered = behind.map(({ side, rps }) => `${side} ${Math.round(rps).toLocaleString('en-US')}`).join(', ');
  return [
    `  pace not kept (answered a second: ${answered}): CPU a request measured behind the load, ` +
      'not at the rate compared; a lower --pace-share compares both at a rate they keep',
  ];
}

export function eventsLines(figures: EventsFigures | undefined): string[] {
  if (!figures) return ['Events: not measured'];
  const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const drained = figures.backlogDrainS;
  const without = figures.without;
  const webhook = !without.includes('webhook');
  const brokerText = figures.broker
    ? `a broker (${figures.broker}, ${figures.brokerEvents ?? 0} events published)`
    : without.includes('broker')
      ? 'no broker (--events-without)'
      : 'no broker (none answered)';
  // A run without a part tells that part's share: its ratio is not the target's.
  const judged = (ok: boolean) => (without.length === 0 ? mark(ok) : `not judged: without the ${without.join(', ')}`);
  return [
    `Events: ${webhook ? 'one link.clicked webhook (receiver on loopback)' : 'no webhook (--events-without)'}, ${brokerText} and ${figures.streams} open streams, medians`,
    `  both paced to ${figures.perSecond.toLocaleString('en-US')} req/s (${figures.paceShare} × the plain server's unpaced ` +
      `${Math.round(figures.plainUnpacedRps).toLocaleString('en-US')} req/s, ${figures.plainUnpacedCpuUs.toFixed(1)} CPU µs/req)`,
    `  CPU µs/req without events ${figures.plainCpuUs.toFixed(1)}, with ${figures.eventsCpuUs.toFixed(1)}: ` +
      `ratio ${figures.cpuRatio.toFixed(3)} (target ≤ ${EVENTS_TARGETS.cpuRatio}: ${judged(figures.cpuRatio <= EVENTS_TARGETS.cpuRatio)})`,
    `  req/s answered without events ${Math.round(figures.plainRps).toLocaleString('en-US')}, with ${Math.round(figures.eventsRps).toLocaleString('en-US')}`,
    ...behindPace(figures),
    `  unpaced, each as fast as it answers: without events ${Math.round(figures.plainUnpacedRps).toLocaleString('en-US')} req/s at ` +
      `${figures.plainUnpacedCpuUs.toFixed(1)} CPU µs/req, with ${Math.round(figures.eventsUnpacedRps).toLocaleString('en-US')} at ` +
      `${figures.eventsUnpacedCpuUs.toFixed(1)} (ratio ${ratioOf(figures.eventsUnpacedCpuUs, figures.plainUnpacedCpuUs).toFixed(3)})`,
    webhook
      ? `  webhook backlog drained ${drained === null ? 'not within 60 s' : `${drained.toFixed(2)} s`} after the load ended ` +
        `(target ≤ ${EVENTS_TARGETS.backlogDrainS} s: ${mark(drained !== null && drained <= EVENTS_TARGETS.backlogDrainS)}); ` +
        `${figures.clicksDelivered.toLocaleString('en-US')} clicks delivered in ` +
        `${figures.clickMessages.toLocaleString('en-US')} messages`
      : '  webhook backlog: no webhook',
    figures.streams10kRssMb == null
      ? '  10,000 open streams: not measured'
      : `  10,000 open streams (500 accounts × 20): server RSS ${figures.streams10kRssMb} MB ` +
        `(target < ${EVENTS_TARGETS.streams10kRssMb} MB: ${mark(figures.streams10kRssMb < EVENTS_TARGETS.streams10kRssMb)})`,
  ];
}
