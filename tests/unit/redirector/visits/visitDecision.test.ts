import { describe, expect, it } from 'vitest';
import {
  type DecisionLink,
  type DecisionVisitor,
  decideVisit,
  type LimitAnswers,
  type VisitDecision,
  type VisitInput,
} from '../../../../redirector/visits/visitDecision';
import { linkRecord } from '../../../helpers/records';

const NOW = Date.UTC(2026, 10, 1);
const base: DecisionLink = {
  ...linkRecord(7, { target_url: 'https://example.com/target?a=1', short_code: 'abc', created_at: 0 }),
  owner_disabled: false,
};
const human: DecisionVisitor = { country: 'US', in_app: null, device_type: 'web', is_bot: false, preview_bot: false };
const bot: DecisionVisitor = { ...human, is_bot: true };
const view = { kind: 'view' } as const;
const post = { kind: 'password', formProblem: null } as const;

function input(link: Partial<DecisionLink> | undefined, changes: Partial<VisitInput> = {}): VisitInput {
  return {
    link: link && { ...base, ...link },
    request: view,
    query: '',
    hubToken: '',
    now: NOW,
    visitor: human,
    limits: {},
    ...changes,
  };
}

/** Decides, answering every question from `answers` (the visitor, then the limits), and lists the questions. */
function decideAll(start: VisitInput, answers: LimitAnswers & { visitor?: DecisionVisitor }) {
  const asked: string[] = [];
  let current: VisitInput = { ...start, visitor: undefined };
  for (let i = 0; i < 5; i++) {
    const decision = decideVisit(current);
    if (decision.kind !== 'ask') return { decision, asked };
    asked.push(decision.ask);
    if (decision.ask === 'visitor') current = { ...current, visitor: answers.visitor ?? human };
    if (decision.ask === 'clicks-left')
      current = { ...current, limits: { ...current.limits, clicksLeft: answers.clicksLeft } };
    if (decision.ask === 'click-place')
      current = { ...current, limits: { ...current.limits, clickTaken: answers.clickTaken } };
    if (decision.ask === 'password')
      current = { ...current, limits: { ...current.limits, password: answers.password } };
  }
  throw new Error('the decision kept asking');
}

const target = (changes: Partial<Extract<VisitDecision, { kind: 'redirect' }>> = {}): VisitDecision => ({
  kind: 'redirect',
  location: 'https://example.com/target?a=1',
  cache: 'revalidate',
  blocked: false,
  instagram_exit: false,
  variant: null,
  rule: null,
  ...changes,
});

describe('decideVisit', () => {
  it('steps 1-3: unknown code, disabled owner, expiry by date (to expired_url with the query, or the page)', () => {
    expect(decideVisit(input(undefined))).toEqual({ kind: 'not-found' });
    expect(decideVisit(input({ owner_disabled: true, expires_at: NOW - 1 }))).toEqual({ kind: 'disabled' });
    expect(decideVisit(input({ expires_at: NOW, password_hash: 'h' }))).toEqual({ kind: 'expired', location: null });
    expect(
      decideVisit(input({ expires_at: NOW - 1, expired_url: 'https://example.com/over?x=1' }, { query: 'x=2&u=3' })),
    ).toEqual({ kind: 'expired', location: 'https://example.com/over?x=2&u=3' });
    expect(decideVisit(input({ expires_at: NOW + 1 }))).toEqual(target());
  });

  it('a plain link answers in one pass once the visitor is read, the query forwarded unless turned off', () => {
    expect(decideAll(input({}, { query: 'ref=qr' }), {})).toEqual({
      decision: target({ location: 'https://example.com/target?a=1&ref=qr' }),
      asked: ['visitor'],
    });
    expect(decideVisit(input({ forward_query: false }, { query: 'ref=qr' }))).toEqual(target());
  });

  it('steps 5-8 come from resolve: the country redirect is marked blocked, TikTok gets the page', () => {
    const everything = {
      enable_country_redirect: true,
      country_redirect_url: 'https://lite.example/',
      enable_tiktok_bypass: true,
    };
    expect(decideVisit(input(everything, { visitor: { ...human, country: 'NG' } }))).toEqual(
      target({ location: 'https://lite.example/', blocked: true }),
    );
    expect(decideVisit(input(everything, { visitor: { ...human, in_app: 'tiktok' }, query: 'q=1' }))).toEqual({
      kind: 'tiktok-bypass',
      target: 'https://example.com/target?a=1&q=1',
      cache: 'revalidate',
      variant: null,
      rule: null,
    });
  });

  it('max_clicks: every visit takes a place, a bot included; none left → expired', () => {
    for (const visitor of [human, bot]) {
      expect(decideAll(input({ max_clicks: 1 }), { visitor, clickTaken: true })).toEqual({
        decision: target(),
        asked: ['click-place', 'visitor'],
      });
    }
    expect(decideAll(input({ max_clicks: 1, expired_url: 'https://x.example/' }), { clickTaken: false })).toEqual({
      decision: { kind: 'expired', location: 'https://x.example/' },
      asked: ['click-place'],
    });
  });

  it('password: the form for a view (bots too), without reading the visitor; a full click limit first', () => {
    expect(decideAll(input({ password_hash: 'h' }), { visitor: bot })).toEqual({
      decision: { kind: 'password-form', wrong: false, hubToken: '' },
      asked: [],
    });
    // A hub click's token is kept by the form.
    expect(decideAll(input({ password_hash: 'h' }, { hubToken: 't.x' }), {})).toEqual({
      decision: { kind: 'password-form', wrong: false, hubToken: 't.x' },
      asked: [],
    });
    expect(decideAll(input({ password_hash: 'h', max_clicks: 2 }), { clicksLeft: false })).toEqual({
      decision: { kind: 'expired', location: null },
      asked: ['clicks-left'],
    });
  });

  it('password POST: refused → 429, wrong → the form again, right → a private redirect after taking a place', () => {
    const locked = { password_hash: 'h', max_clicks: 3 };
    expect(
      decideAll(input(locked, { request: post }), { clicksLeft: true, password: { kind: 'refused', retryAfterMs: 5 } }),
    ).toEqual({ decision: { kind: 'password-refused', retryAfterMs: 5 }, asked: ['clicks-left', 'password'] });
    expect(decideAll(input(locked, { request: post }), { clicksLeft: true, password: { kind: 'wrong' } })).toEqual({
      decision: { kind: 'password-form', wrong: true, hubToken: '' },
      asked: ['clicks-left', 'password'],
    });
    expect(
      decideAll(input(locked, { request: post, hubToken: 't.x' }), { clicksLeft: true, password: { kind: 'wrong' } }),
    ).toEqual({
      decision: { kind: 'password-form', wrong: true, hubToken: 't.x' },
      asked: ['clicks-left', 'password'],
    });
    expect(
      decideAll(input(locked, { request: post }), { clicksLeft: true, password: { kind: 'right' }, clickTaken: true }),
    ).toEqual({
      decision: target({ cache: 'private' }),
      asked: ['clicks-left', 'password', 'click-place', 'visitor'],
    });
    // The last place went to someone else while the password was checked.
    expect(
      decideAll(input(locked, { request: post }), { clicksLeft: true, password: { kind: 'right' }, clickTaken: false })
        .decision,
    ).toEqual({ kind: 'expired', location: null });
  });

  it('password POST: a bad body, or a link without a password, answers before any check', () => {
    const problem = { status: 415, message: 'Send a form' } as const;
    expect(decideVisit(input({ password_hash: 'h' }, { request: { kind: 'password', formProblem: problem } }))).toEqual(
      {
        kind: 'bad-form',
        problem,
      },
    );
    expect(decideVisit(input({}, { request: post }))).toEqual({ kind: 'no-password' });
    expect(decideVisit(input({ password_hash: 'h', expires_at: NOW - 1 }, { request: post }))).toEqual({
      kind: 'expired',
      location: null,
    });
  });
});
