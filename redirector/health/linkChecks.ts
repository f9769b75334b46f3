/**
 * Link health checks (docs/api.md#link-health): a link is checked when it is created or changed and
 * then every LINK_CHECK_HOURS (0: never by itself), and when asked through the API. A check holds
 * its link's lease in the database, so instances sharing one never check a link twice at once; the
 * rounds take due links in turns across accounts, at most 2 of an account's at once; the
 * pacer keeps this instance to 4 requests at once, one per account, and one a second per destination
 * host (LINK_CHECK_HOST_MS), each request holding one of its account's outbound connections
 * (outbound/accountConnections.ts); a run checks at most 10 of a link's destinations. Turning
 * broken, or ok again, is told to `onTurn` once (webhooks and streams: link.broken, link.recovered);
 * broken, `unchecked`, broken again is no second turn (healthRules.ts's turnOf).
 */
import { type Background, runInBackground, SHARED_LOOP_JITTER } from '../background';
import { type AccountConnections, connectionAccount } from '../outbound/accountConnections';
import type { OutboundRules } from '../outbound/addressRules';
import { createNameLookup, createResolverProbe } from '../outbound/nameLookup';
import type { Store } from '../storage/store';
import { VERSION } from '../version';
import { createAccountTally } from './accountTally';
import { checkDestination } from './destinationCheck';
import { destinationsOfRun, judgeCheck, turnOf } from './healthRules';
import { createHostPacer, hostKey } from './hostPacer';
import { createSoonChecks } from './soonChecks';

export const LINK_CHECK_USER_AGENT = `Me-LinkCheck/${VERSION}`;
/** Longer than any check can take (10 s per attempt, two attempts per hop, six hops per destination, paced). */
export const LEASE_MS = 15 * 60_000;
/** Checks of the periodic rounds under way at most. */
const ROUND_SIZE = 50;
/**
 * Checks of one account in the rounds under way at most: its requests go one at a time anyway
 * (the pacer), so more would only keep other accounts' due links out of the round.
 */
export const ROUND_CHECKS_PER_ACCOUNT = 2;

export type HealthTurn = 'broken' | 'recovered';

export interface LinkChecksDeps {
  store: Pick<Store, 'links' | 'linkHealth'>;
  clock: () => number;
  rules: OutboundRules;
  /** LINK_CHECK_HOURS; 0: no check but those asked for through the API. */
  hours: number;
  /** Told once when a link turns broken or ok again, after its health is stored. */
  onTurn(linkId: number, turn: HealthTurn): Promise<void>;
  log(message: string, error: unknown): void;
  /** Each check request holds one of its account's outbound connections, waiting for one. */
  connections: AccountConnections;
  /** Per attempt; 10 s (tests shorten it). */
  timeoutMs?: number;
  /** Requests to one destination host start this far apart: LINK_CHECK_HOST_MS, 1 s (tests shorten it). */
  perHostMs?: number;
  /** DNS_SERVERS: the resolvers destinations are looked up with; unset: the system's. */
  dnsServers?: readonly string[];
}

export interface LinkChecks {
  /** Checks the link now; false when another check holds it (or it is gone). */
  check(linkId: number): Promise<boolean>;
  /**
   * A check soon, in the background, when checks are on (a link created or changed): in turns per
   * account, at most ROUND_CHECKS_PER_ACCOUNT of an account's at once, as in the rounds (soonChecks.ts).
   */
  soon(linkId: number, teamId: number | null): void;
  /** The periodic rounds (the server; never the command line). */
  start(): void;
  /** Stops the rounds and cuts the checks under way (their links stay due), then waits for them to end. */
  stop(): Promise<void>;
}

const STOPPED = 'link checks stopped';

/**
 * One link's check: its lease, each destination's requests in the account's and the host's turn,
 * the judgement stored and a turn told. Cut by `signal` (a stop): given up, not judged, lease freed.
 */
function createCheckOne(deps: LinkChecksDeps, signal: AbortSignal, stopped: Error) {
  const { store, clock } = deps;
  const pacer = createHostPacer({ perHostMs: deps.perHostMs });
  const rules = { ...deps.rules, lookup: createNameLookup(deps.dnsServers) };
  const resolverAnswers = createResolverProbe(deps.dnsServers, { clock });

  async function check(linkId: number): Promise<boolean> {
    if (signal.aborted) throw stopped;
    const started = clock();
    if (!(await store.linkHealth.lease(linkId, started, started + LEASE_MS))) return false;
    try {
      const link = await store.links.findById(linkId);
      if (!link) return false;
      const previous = (await store.linkHealth.of([linkId])).get(linkId);
      // Each request waits for the account's turn and its host's (hostPacer.ts), redirect hops too.
      const account = connectionAccount(link.team_id);
      const options = {
        rules,
        userAgent: LINK_CHECK_USER_AGENT,
        timeoutMs: deps.timeoutMs,
        resolverAnswers,
        signal: signal,
        pace: <T>(url: URL, request: () => Promise<T>) =>
          pacer.run(account, hostKey(url), () =>
            signal.aborted ? Promise.reject(stopped) : deps.connections.run(account, request),
          ),
      };
      const checked = await Promise.all(
        destinationsOfRun(link, previous?.checked_at ?? null).map(async (url) => ({
          url,
          outcome: await checkDestination(url, options),
        })),
      );
      // A check cut by a stop is given up, not judged: its lease is released and the link stays due.
      if (signal.aborted) throw stopped;
      const result = judgeCheck(checked, previous, clock());
      const { turn, broken_told } = turnOf(result.status, previous?.broken_told ?? false);
      await store.linkHealth.save(linkId, { ...result, broken_told });
      if (turn) await deps.onTurn(linkId, turn);
      return true;
    } catch (error) {
      await store.linkHealth.release(linkId).catch(() => undefined);
      throw error;
    }
  }

  return { check, cancelWaiting: () => pacer.cancelWaiting(stopped) };
}

export function createLinkChecks(deps: LinkChecksDeps): LinkChecks {
  const { store, clock } = deps;
  const under = new Set<Promise<unknown>>();
  const periodMs = deps.hours * 3_600_000;
  let rounds: Background<void> | undefined;
  /** Aborted by `stop`: requests under way are cut and those waiting their turn never start. */
  const stopping = new AbortController();
  const stopped = new Error(STOPPED);
  const { check, cancelWaiting } = createCheckOne(deps, stopping.signal, stopped);
  /** Checks of the periodic rounds under way, and how many of them each account has. */
  let roundChecks = 0;
  const accountChecks = createAccountTally();

  function logFailure(error: unknown): void {
    if (error !== stopped) deps.log('link check failed', error);
  }

  function track<T>(work: Promise<T>): Promise<T> {
    under.add(work);
    work.finally(() => under.delete(work)).catch(() => undefined);
    return work;
  }

  const soonChecks = createSoonChecks(ROUND_CHECKS_PER_ACCOUNT, async (linkId) => {
    await track(check(linkId)).catch(logFailure);
  });

  /**
   * Tops the round's checks up to ROUND_SIZE without waiting for those under way, taking due links
   * in turns across accounts and at most ROUND_CHECKS_PER_ACCOUNT of an account's at once: an
   * account whose many slow destinations keep its checks waiting (one request at a time) holds up
   * neither the next links due nor other accounts' (docs/api.md#link-health).
   */
  async function runRound(): Promise<void> {
    const room = ROUND_SIZE - roundChecks;
    if (room <= 0) return;
    const now = clock();
    const due = await store.linkHealth.due(now - periodMs, now, room, ROUND_CHECKS_PER_ACCOUNT);
    for (const link of due) {
      const account = connectionAccount(link.team_id);
      if (accountChecks.running(account) >= ROUND_CHECKS_PER_ACCOUNT) continue;
      accountChecks.started(account);
      roundChecks += 1;
      track(check(link.id))
        .catch(logFailure)
        .finally(() => {
          roundChecks -= 1;
          accountChecks.ended(account);
        });
    }
  }

  return {
    check: (linkId) => track(check(linkId)),
    soon(linkId, teamId) {
      if (periodMs <= 0 || stopping.signal.aborted) return;
      soonChecks.add(linkId, teamId);
    },
    start() {
      if (periodMs <= 0 || rounds) return;
      // Often enough that a due link waits at most a minute (or a tenth of a short test period).
      rounds = runInBackground(runRound, {
        what: 'link check round',
        everyMs: Math.max(100, Math.min(60_000, periodMs / 10)),
        jitter: SHARED_LOOP_JITTER,
        firstAfterMs: 0,
        log: deps.log,
      });
    },
    async stop() {
      stopping.abort();
      soonChecks.clear();
      cancelWaiting();
      await rounds?.stop();
      rounds = undefined;
      await Promise.allSettled([...under]);
    },
  };
}
