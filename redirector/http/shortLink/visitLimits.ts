/**
 * The answers a visit decision asks the edge for (visits/visitDecision.ts): a look at the click
 * limit, a place under it, and the password check. Only a link with a click limit or a password
 * gets here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logUnexpectedError } from '../../observability/errorLog';
import type { Services } from '../../services';
import type { RedirectLink } from '../../storage/records';
import type { Store } from '../../storage/store';
import { checkRequestPassword, type LinkPasswordLimiters } from '../../visits/linkPasswordCheck';
import type { Ask, LimitAnswers, VisitInput } from '../../visits/visitDecision';
import type { Visitor } from '../../visits/visitor';

/** One short-link request on its way through the decision. */
export interface Visit extends VisitInput {
  req: IncomingMessage;
  res: ServerResponse;
  link: RedirectLink | undefined;
  visitor: Visitor | undefined;
  /** The posted password ('' for GET and HEAD). */
  password: string;
}

export type LimitAsk = Exclude<Ask, 'visitor'>;

export interface VisitLimits {
  /** The answer when it is known without waiting (a link whose places are all taken); else undefined. */
  known(ask: LimitAsk, visit: Visit): LimitAnswers | undefined;
  /** The visit's answers with this one added. Rejects only when the password check fails. */
  ask(ask: LimitAsk, visit: Visit): Promise<LimitAnswers>;
}

/**
 * What the limits need: the click places of links with a limit, the password limiters, the proxy
 * rule, and the database's health (an unreachable or busy database is not a used-up limit).
 */
export type VisitLimitServices = Pick<Services, 'clickPlaces' | 'config'> &
  LinkPasswordLimiters & { store: Pick<Store, 'health'> };

export function createVisitLimits(services: VisitLimitServices): VisitLimits {
  const { clickPlaces } = services;
  // Cached links whose click limit was reached: a changed link is a new object in the cache.
  const exhausted = new WeakSet<RedirectLink>();

  /**
   * An unreachable or busy database rejects, so the visit is answered 503 with Retry-After
   * (docs/api.md#when-the-database-is-unreachable), never as expired; any other database failure
   * answers "no place": the visit is answered as expired, and logged.
   */
  function noPlace(error: unknown): boolean {
    if (services.store.health?.trouble(error)) throw error;
    logUnexpectedError('GET', '/:shortCode', error);
    return false;
  }

  async function place(link: RedirectLink, take: boolean): Promise<boolean> {
    const maxClicks = link.max_clicks!;
    const ok = await (take
      ? clickPlaces.reserveClick(link.id, maxClicks)
      : clickPlaces.countedClicks(link.id).then((counted) => counted < maxClicks)
    ).catch(noPlace);
    if (!ok) exhausted.add(link);
    return ok;
  }

  return {
    known(ask, visit) {
      if (ask === 'password' || !exhausted.has(visit.link!)) return undefined;
      return ask === 'click-place' ? { ...visit.limits, clickTaken: false } : { ...visit.limits, clicksLeft: false };
    },
    async ask(ask, visit) {
      const link = visit.link!;
      if (ask === 'click-place') return { ...visit.limits, clickTaken: await place(link, true) };
      if (ask === 'clicks-left') return { ...visit.limits, clicksLeft: await place(link, false) };
      const { trustProxy } = services.config;
      const password = await checkRequestPassword(services, visit.req, trustProxy, link, visit.password);
      return { ...visit.limits, password };
    },
  };
}
