/** The Store's repositories: the same assertions against SQLite and PostgreSQL. */

import { describe, expect, it } from 'vitest';
import { cliScope, userScope } from '../../../../redirector/auth/scope';
import { UniqueViolation } from '../../../../redirector/storage/errors';
import { NO_ORIGIN } from '../../../../redirector/storage/records';
import { LINK_OPTION_DEFAULTS } from '../../../../redirector/storage/repositories/columns';
import type { Store } from '../../../../redirector/storage/store';
import { newClick, newLink, newUser, openForEachTest, STORE_KINDS } from './storeKinds';

async function uniqueViolation(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UniqueViolation);
  return (error as UniqueViolation).column;
}

describe.each(STORE_KINDS)('$kind store', (kind) => {
  let store: Store;
  openForEachTest(kind, (opened) => {
    store = opened;
  });

  it('says which kind it is and answers ping', async () => {
    expect(store.kind).toBe(kind.kind);
    await expect(store.ping()).resolves.toBeUndefined();
  });

  describe('users', () => {
    it('creates, finds by id and by email as stored', async () => {
      const user = await store.users.create(newUser());
      expect(user).toEqual({
        ...newUser(),
        id: user.id,
        custom_domain: null,
        disabled: false,
        personal_team_id: expect.any(Number),
      });
      expect(user.id).toBeGreaterThan(0);
      expect(await store.users.findById(user.id)).toEqual(user);
      expect(await store.users.findByEmail('ada@example.com')).toEqual(user);
      expect(await store.users.findByEmail('ADA@example.com')).toBeUndefined();
      expect(await store.users.findById(user.id + 1)).toBeUndefined();
    });

    it('updates name, email and password hash, and refuses a taken email', async () => {
      const ada = await store.users.create(newUser());
      await store.users.create(newUser({ email: 'bob@example.com' }));
      await store.users.update(ada.id, { name: 'Ada L', email: 'ada@l.example', password_hash: 'h2' });
      await store.users.update(ada.id, {});
      expect(await store.users.findById(ada.id)).toMatchObject({
        name: 'Ada L',
        email: 'ada@l.example',
        password_hash: 'h2',
      });
      expect(await uniqueViolation(store.users.update(ada.id, { email: 'bob@example.com' }))).toBe('email');
    });

    it('refuses a second account with the same email', async () => {
      await store.users.create(newUser());
      expect(await uniqueViolation(store.users.create(newUser({ name: 'Other' })))).toBe('email');
    });

    it('lets two accounts claim one domain and refuses a second verification of it', async () => {
      const ada = await store.users.create(newUser());
      const bob = await store.users.create(newUser({ email: 'bob@example.com' }));
      await store.domains.claim(userScope(ada), 'go.ada.dev', 'token-a', 1_000);
      await store.domains.claim(userScope(bob), 'go.ada.dev', 'token-b', 1_000);
      expect((await store.users.findById(bob.id))?.custom_domain).toBe('go.ada.dev');
      const verified = { status: 'verified', checked_at: 2_000, verified_at: 2_000, error: null } as const;
      const adaClaim = { team_id: ada.personal_team_id, domain: 'go.ada.dev' };
      const bobClaim = { team_id: bob.personal_team_id, domain: 'go.ada.dev' };
      expect(await store.domains.record(adaClaim, verified)).toBe(true);
      expect(await store.domains.of(userScope(bob))).toMatchObject({
        status: 'failed',
        error: 'verified by another account',
      });
      expect(await uniqueViolation(store.domains.record(bobClaim, verified))).toBe('verified_domain');
      await store.domains.remove(userScope(ada));
      expect(await store.domains.record(bobClaim, verified)).toBe(true);
      expect(await store.domains.verified()).toEqual([{ domain: 'go.ada.dev', team_id: bob.personal_team_id }]);
    });
  });

  describe('sessions', () => {
    it('creates, finds and deletes admin and user sessions', async () => {
      const user = await store.users.create(newUser());
      const times = { created_at: 1_000, last_used_at: 1_500 };
      const origin = { user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', country: 'DE', city: 'Berlin' };
      const admin = {
        token_hash: 'hash-admin',
        kind: 'admin' as const,
        user_id: null,
        expires_at: 2_000,
        id: 'a1',
        ...times,
        ...NO_ORIGIN,
      };
      const own = {
        token_hash: 'hash-user',
        kind: 'user' as const,
        user_id: user.id,
        expires_at: 3_000,
        id: 'u1',
        ...times,
        // Kept as given: the session list reads where each sign-in came from.
        ...origin,
      };
      await store.sessions.create(admin);
      await store.sessions.create(own);
      expect(await store.sessions.find('hash-admin')).toEqual(admin);
      expect(await store.sessions.find('hash-user')).toEqual(own);
      expect(await store.sessions.find('hash-none')).toBeUndefined();
      await store.sessions.delete('hash-admin');
      await store.sessions.delete('hash-none');
      expect(await store.sessions.find('hash-admin')).toBeUndefined();
      expect(await store.sessions.find('hash-user')).toEqual(own);
    });

    it('deletes the sessions expired at or before now and says how many', async () => {
      for (const [hash, expires] of [
        ['a', 1_000],
        ['b', 2_000],
        ['c', 2_001],
      ] as const) {
        const times = { id: hash, created_at: 0, last_used_at: 0, ...NO_ORIGIN };
        await store.sessions.create({ token_hash: hash, kind: 'admin', user_id: null, expires_at: expires, ...times });
      }
      expect(await store.sessions.deleteExpired(2_000)).toBe(2);
      expect(await store.sessions.deleteExpired(2_000)).toBe(0);
      expect(await store.sessions.find('c')).toMatchObject({ expires_at: 2_001 });
    });

    it("lists a user's live sessions, ends them all but one or one by id, and touches their last use", async () => {
      const user = await store.users.create(newUser());
      const other = await store.users.create(newUser({ email: 'bob@example.com' }));
      const session = (hash: string, userId: number, createdAt: number, expires = 10_000) => ({
        token_hash: hash,
        kind: 'user' as const,
        user_id: userId,
        expires_at: expires,
        id: `id-${hash}`,
        created_at: createdAt,
        last_used_at: createdAt,
        ...NO_ORIGIN,
      });
      for (const row of [session('s1', user.id, 1), session('s2', user.id, 2), session('s3', user.id, 3)]) {
        await store.sessions.create(row);
      }
      await store.sessions.create(session('old', user.id, 0, 50));
      await store.sessions.create(session('o1', other.id, 1));
      expect((await store.sessions.listForUser(user.id, 100)).map((row) => row.id)).toEqual([
        'id-s3',
        'id-s2',
        'id-s1',
      ]);
      await store.sessions.touch('s1', 500, 400);
      await store.sessions.touch('s1', 600, 400);
      expect((await store.sessions.find('s1'))?.last_used_at).toBe(500);
      expect(await store.sessions.deleteById(other.id, 'id-s1')).toBe(false);
      expect(await store.sessions.deleteById(user.id, 'id-s1')).toBe(true);
      expect(await store.sessions.deleteForUser(user.id, 's3')).toBe(2);
      expect((await store.sessions.listForUser(user.id, 0)).map((row) => row.id)).toEqual(['id-s3']);
      expect(await store.sessions.find('o1')).toBeDefined();
    });
  });

  describe('account links', () => {
    it('keeps one link per user, hands each out once, and goes with the user', async () => {
      const user = await store.users.create(newUser());
      const link = (hash: string) => ({
        token_hash: hash,
        user_id: user.id,
        kind: 'reset' as const,
        created_at: 1,
        expires_at: 9,
      });
      await store.accountLinks.replace(link('first'));
      await store.accountLinks.replace({ ...link('second'), kind: 'invite' });
      expect(await store.accountLinks.consume('first')).toBeUndefined();
      expect(await store.accountLinks.consume('second')).toEqual({ ...link('second'), kind: 'invite' });
      expect(await store.accountLinks.consume('second')).toBeUndefined();
      await store.accountLinks.replace(link('third'));
      await store.users.delete(user.id);
      expect(await store.accountLinks.find('third')).toBeUndefined();
    });

    it('drops a user’s links when the email or password hash changes, not the name', async () => {
      const user = await store.users.create(newUser());
      const link = { token_hash: 'kept', user_id: user.id, kind: 'reset' as const, created_at: 1, expires_at: 9 };
      await store.accountLinks.replace(link);
      await store.users.update(user.id, { name: 'Renamed' });
      expect(await store.accountLinks.find('kept')).toEqual(link);
      await store.users.update(user.id, { email: 'moved@example.com' });
      expect(await store.accountLinks.find('kept')).toBeUndefined();
      await store.accountLinks.replace({ ...link, token_hash: 'again' });
      await store.users.update(user.id, { password_hash: 'new-hash' });
      expect(await store.accountLinks.find('again')).toBeUndefined();
    });

    it('replaces a password hash only while it is the one given, dropping the links then', async () => {
      const user = await store.users.create(newUser());
      const link = { token_hash: 'held', user_id: user.id, kind: 'reset' as const, created_at: 1, expires_at: 9 };
      await store.accountLinks.replace(link);
      expect(await store.users.replacePassword(user.id, 'not-the-hash', 'link-hash')).toBe(false);
      expect((await store.users.findById(user.id))?.password_hash).toBe(user.password_hash);
      expect(await store.accountLinks.find('held')).toEqual(link);
      expect(await store.users.replacePassword(user.id, user.password_hash, 'link-hash')).toBe(true);
      expect((await store.users.findById(user.id))?.password_hash).toBe('link-hash');
      expect(await store.accountLinks.find('held')).toBeUndefined();
    });
  });

  describe('links', () => {
    it('creates a link with every field and finds it by id and by short code', async () => {
      const user = await store.users.create(newUser());
      const fields = newLink({
        user_id: user.id,
        title: 'Ünïcode ✓',
        enable_tiktok_bypass: true,
        enable_country_redirect: true,
        country_redirect_url: 'https://example.org/lite',
        enable_instagram_exit: true,
        instagram_exit_url: 'https://example.org/exit',
        created_at: 1_731_000_000_123,
        forward_query: false,
        expires_at: 1_900_000_000_456,
        max_clicks: 25,
        expired_url: 'https://example.org/over',
        password_hash: 'scrypt$1$2$3$salt$hash',
        ios_url: 'https://apps.apple.com/app/x',
        android_url: 'https://play.google.com/store/apps/details?id=x',
        geo_targets: { DE: 'https://example.de/', JP: 'https://example.jp/' },
      });
      const link = await store.links.create(fields);
      // Options not given are stored at their defaults (previews none, no variants).
      // Made with user_id alone, it goes into the user's personal team (docs/api.md#teams).
      expect(link).toEqual({ ...LINK_OPTION_DEFAULTS, ...fields, id: link.id, team_id: user.personal_team_id });
      expect(await store.links.findById(link.id)).toEqual(link);
      expect(await store.links.findByShortCode('abc123')).toEqual(link);
      expect(await store.links.findById(link.id + 100)).toBeUndefined();
      expect(await store.links.findByShortCode('nope')).toBeUndefined();
    });

    it('gives a new link that leaves its options out their defaults, and updates and clears them', async () => {
      const link = await store.links.create(newLink());
      const unset = ['expires_at', 'max_clicks', 'expired_url', 'password_hash', 'ios_url', 'android_url'];
      expect(link).toMatchObject({
        forward_query: true,
        geo_targets: {},
        ...Object.fromEntries(unset.map((k) => [k, null])),
      });
      const changed = await store.links.update(link.id, {
        forward_query: false,
        password_hash: 'h',
        geo_targets: { FR: 'https://example.fr/' },
        expires_at: 5,
      });
      expect(await store.links.findForRedirect(link.short_code)).toMatchObject({
        geo_targets: { FR: 'https://example.fr/' },
        forward_query: false,
      });
      expect(changed).toMatchObject({
        forward_query: false,
        password_hash: 'h',
        geo_targets: { FR: 'https://example.fr/' },
      });
      const cleared = await store.links.update(link.id, { password_hash: null, geo_targets: {}, expires_at: null });
      expect(cleared).toMatchObject({ password_hash: null, geo_targets: {}, expires_at: null, forward_query: false });
      expect(await store.links.findForRedirect(link.short_code)).toMatchObject({
        password_hash: null,
        owner_disabled: false,
      });
    });

    it('hands out exactly max_clicks places, counting the clicks stored before a limit is set', async () => {
      const link = await store.links.create(newLink({ max_clicks: 3 }));
      expect(await store.links.countedClicks(link.id)).toBe(0);
      const taken = await Promise.all(Array.from({ length: 6 }, () => store.links.reserveClick(link.id, 3)));
      expect(taken.filter(Boolean)).toHaveLength(3);
      expect(await store.links.countedClicks(link.id)).toBe(3);
      // A higher limit gives more places; removing it and setting it again counts the stored clicks.
      await store.links.update(link.id, { max_clicks: 4 });
      expect(await store.links.reserveClick(link.id, 4)).toBe(true);
      expect(await store.links.reserveClick(link.id, 4)).toBe(false);

      const other = await store.links.create(newLink({ short_code: 'other' }));
      await store.clicks.insertMany([
        newClick(other.id, 1),
        newClick(other.id, 2),
        newClick(other.id, 3, { is_bot: true }),
      ]);
      // Every stored click takes a place, a bot's included (docs/api.md#expiry-and-click-limits).
      await store.links.update(other.id, { max_clicks: 4 });
      expect(await store.links.countedClicks(other.id)).toBe(3);
      expect(await store.links.reserveClick(other.id, 4)).toBe(true);
      expect(await store.links.reserveClick(other.id, 4)).toBe(false);
      await store.links.update(other.id, { max_clicks: null });
      await store.links.update(other.id, { max_clicks: 10 });
      expect(await store.links.countedClicks(other.id)).toBe(3);
    });

    it('knows the verified custom domains of users (a claim alone is not one)', async () => {
      const user = await store.users.create(newUser());
      await store.domains.claim(userScope(user), 'go.example.net', 'token-0123456789abcdefghij', 1);
      expect(await store.users.isCustomDomain('go.example.net')).toBe(false);
      const verified = { status: 'verified', checked_at: 2, verified_at: 2, error: null } as const;
      expect(await store.domains.record({ team_id: user.personal_team_id, domain: 'go.example.net' }, verified)).toBe(
        true,
      );
      expect(await store.users.isCustomDomain('go.example.net')).toBe(true);
      expect(await store.users.isCustomDomain('example.net')).toBe(false);
    });

    it('keeps short codes case-sensitive and unique', async () => {
      const lower = await store.links.create(newLink({ short_code: 'abc' }));
      const upper = await store.links.create(newLink({ short_code: 'ABC' }));
      expect(upper.id).not.toBe(lower.id);
      expect((await store.links.findByShortCode('ABC'))?.id).toBe(upper.id);
      expect((await store.links.findByShortCode('abc'))?.id).toBe(lower.id);
      expect(await store.links.findByShortCode('Abc')).toBeUndefined();
      expect(await uniqueViolation(store.links.create(newLink({ short_code: 'abc' })))).toBe('short_code');
    });

    it('updates only the given columns and answers the stored link', async () => {
      const link = await store.links.create(
        newLink({ enable_country_redirect: true, country_redirect_url: 'https://example.org/lite' }),
      );
      const updated = await store.links.update(link.id, {
        title: 'Renamed',
        enable_country_redirect: false,
        country_redirect_url: null,
        enable_tiktok_bypass: true,
      });
      const expected = {
        ...link,
        title: 'Renamed',
        enable_country_redirect: false,
        country_redirect_url: null,
        enable_tiktok_bypass: true,
      };
      expect(updated).toEqual(expected);
      expect(await store.links.findById(link.id)).toEqual(expected);
      expect(await store.links.update(link.id, {})).toEqual(expected);
      expect(await store.links.update(link.id + 100, { title: 'x' })).toBeUndefined();
      expect(await store.links.update(link.id + 100, {})).toBeUndefined();
    });

    it('deletes a link with its clicks, once', async () => {
      const keep = await store.links.create(newLink({ short_code: 'keep' }));
      const gone = await store.links.create(newLink({ short_code: 'gone' }));
      await store.clicks.insertMany([newClick(keep.id, 1_000), newClick(gone.id, 2_000), newClick(gone.id, 3_000)]);
      expect(await store.links.delete(gone.id)).toBe(true);
      expect(await store.links.delete(gone.id)).toBe(false);
      expect(await store.links.findById(gone.id)).toBeUndefined();
      expect(await store.links.findByShortCode('gone')).toBeUndefined();
      expect(await store.clicks.listByLink(gone.id)).toEqual([]);
      expect(await store.clicks.countAll()).toBe(1);
      expect(await store.links.counts(gone.id)).toEqual({
        total_clicks: 0,
        unique_visitors: 0,
        blocked_visitors: 0,
        quota_used: 0,
      });
    });

    it('never hands out a deleted link id again', async () => {
      const first = await store.links.create(newLink({ short_code: 'one' }));
      const second = await store.links.create(newLink({ short_code: 'two' }));
      await store.links.delete(second.id);
      const third = await store.links.create(newLink({ short_code: 'three' }));
      expect(second.id).toBeGreaterThan(first.id);
      expect(third.id).toBeGreaterThan(second.id);
    });

    it('lists newest first with counts that leave bots out, every link or one user’s', async () => {
      const ada = await store.users.create(newUser());
      const bob = await store.users.create(newUser({ email: 'bob@example.com' }));
      const old = await store.links.create(newLink({ short_code: 'old', user_id: ada.id, created_at: 1_000 }));
      const tieA = await store.links.create(newLink({ short_code: 'tieA', user_id: bob.id, created_at: 5_000 }));
      const tieB = await store.links.create(newLink({ short_code: 'tieB', user_id: ada.id, created_at: 5_000 }));
      const admin = await store.links.create(newLink({ short_code: 'adm', created_at: 3_000 }));
      await store.clicks.insertMany([
        newClick(old.id, 10, { ip_address: '203.0.113.1' }),
        newClick(old.id, 20, { ip_address: '203.0.113.1', blocked: true }),
        newClick(old.id, 30, { ip_address: '203.0.113.2', blocked: true }),
        newClick(old.id, 40, { ip_address: '203.0.113.3', is_bot: true }),
        newClick(tieB.id, 50, { ip_address: '203.0.113.9', is_bot: true }),
        newClick(admin.id, 60),
      ]);
      const zero = { total_clicks: 0, unique_visitors: 0, blocked_visitors: 0, quota_used: 0 };
      const oldCounts = { total_clicks: 3, unique_visitors: 2, blocked_visitors: 2, quota_used: 0 };
      const adminCounts = { total_clicks: 1, unique_visitors: 1, blocked_visitors: 0, quota_used: 0 };
      expect(await store.links.list(cliScope())).toEqual([
        { ...tieB, ...zero },
        { ...tieA, ...zero },
        { ...admin, ...adminCounts },
        { ...old, ...oldCounts },
      ]);
      expect(await store.links.list(userScope(ada))).toEqual([
        { ...tieB, ...zero },
        { ...old, ...oldCounts },
      ]);
      expect(
        await store.links.list(
          userScope({ id: bob.id + 10, name: 'nobody', personal_team_id: bob.personal_team_id + 10 }),
        ),
      ).toEqual([]);
      expect(await store.links.counts(old.id)).toEqual(oldCounts);
      expect(await store.links.counts(tieB.id)).toEqual(zero);
      expect(await store.links.counts(old.id + 100)).toEqual(zero);
    });
  });

  describe('clicks', () => {
    it('stores every field of a batch and lists a link’s clicks oldest first, bots included', async () => {
      const link = await store.links.create(newLink());
      const other = await store.links.create(newLink({ short_code: 'other' }));
      const late = newClick(link.id, 5_000, {
        ip_address: '2001:db8::1',
        country: 'IN',
        city: null,
        device_type: 'android',
        device_info: 'Samsung SM-S911B',
        browser: null,
        browser_version: null,
        os: 'Android',
        os_version: '13',
        referrer_source: 'tiktok',
        instagram_exit: true,
        blocked: true,
        is_bot: true,
        user_agent: 'Mozilla/5.0 (Linux; Android 13) trill_320305 — “quoted”',
      });
      const early = newClick(link.id, 1_000);
      const sameTime = newClick(link.id, 1_000, { ip_address: '198.51.100.2' });
      await store.clicks.insertMany([late, early, newClick(other.id, 3_000), sameTime]);
      const listed = await store.clicks.listByLink(link.id);
      // A click stored without a variant (no split traffic) reads back with variant null, and as not imported.
      expect(listed.map(({ id: _id, ...click }) => click)).toEqual(
        [early, sameTime, late].map((click) => ({ variant: null, imported: false, rule: null, ...click })),
      );
      expect(listed[0]!.id).toBeLessThan(listed[1]!.id);
      expect(listed[2]!.id).toBeLessThan(listed[0]!.id);
      expect(await store.clicks.countAll()).toBe(4);
    });

    it('stores any text as sent: quotes, backslashes, control characters, emoji', async () => {
      const link = await store.links.create(newLink());
      const odd = newClick(link.id, 1, {
        user_agent: 'back\\slash \\ud83d "quote" tab\there 😀 \u0001 ü',
        city: 'São Paulo',
        referrer_source: '{"not":"json"}',
      });
      await store.clicks.insertMany([odd]);
      const [listed] = await store.clicks.listByLink(link.id);
      expect([listed!.user_agent, listed!.city, listed!.referrer_source]).toEqual([
        odd.user_agent,
        'São Paulo',
        '{"not":"json"}',
      ]);
    });

    it('does nothing for an empty batch', async () => {
      await store.clicks.insertMany([]);
      expect(await store.clicks.countAll()).toBe(0);
    });

    it('drops the clicks of a link deleted meanwhile and keeps the rest of the batch', async () => {
      const link = await store.links.create(newLink());
      const gone = await store.links.create(newLink({ short_code: 'gone' }));
      await store.links.delete(gone.id);
      await store.clicks.insertMany([newClick(link.id, 1), newClick(gone.id, 2), newClick(link.id, 3)]);
      expect((await store.clicks.listByLink(link.id)).map((click) => click.clicked_at)).toEqual([1, 3]);
      expect(await store.clicks.countAll()).toBe(2);
    });
  });
});
