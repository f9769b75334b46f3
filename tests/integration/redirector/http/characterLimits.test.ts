/**
 * "At most N characters" counts characters as people do (docs/api.md#rules-and-their-messages), on
 * both stores: a text of N emoji (2N UTF-16 units) is taken and stored whole at every such limit,
 * N + 1 is refused with the limit's message, and an imported title past its limit is cut between
 * characters, never inside one.
 */
import { describe, expect, it } from 'vitest';
import { adminHeaders, bearer, call, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { importWhen } from '../../../helpers/yourlsImports';
import { STORE_SERVERS } from './bothStores';

const EMOJI = '\u{1F511}'; // 🔑: one character, two UTF-16 units
const emoji = (count: number) => EMOJI.repeat(count);

describe.each(STORE_SERVERS)('character limits on $kind', ({ start }) => {
  let server: TestServer;
  serverSuite(start, [{ OUTBOUND_ALLOW_PRIVATE: '1' }], (p) => (server = p));

  it('takes a link title, notes and preview texts of exactly their limit in emoji, and refuses one more', async () => {
    const ann = await newUser(server, 'Ann');
    const body = {
      target_url: 'https://example.com/emoji',
      title: emoji(200),
      notes: emoji(2000),
      preview_title: emoji(120),
      preview_description: emoji(300),
    };
    const made = await call(server, 'POST', '/api/links/create', { headers: bearer(ann.token), body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.link).toMatchObject({
      title: body.title,
      notes: body.notes,
      preview_title: body.preview_title,
      preview_description: body.preview_description,
    });
    const refusals = {
      title: [emoji(201), 'Title must be at most 200 characters'],
      notes: [emoji(2001), 'Notes must be at most 2000 characters'],
      preview_title: [emoji(121), 'Preview title must be at most 120 characters'],
      preview_description: [emoji(301), 'Preview description must be at most 300 characters'],
    };
    for (const [field, [text, message]] of Object.entries(refusals)) {
      const refused = await call(server, 'POST', '/api/links/create', {
        headers: bearer(ann.token),
        body: { target_url: 'https://example.com/emoji', [field]: text },
      });
      expect([field, refused.status, refused.body.error]).toEqual([field, 400, message]);
    }
  });

  it('counts a webhook description after trimming, and names of keys, teams, templates and accounts, in characters', async () => {
    const bob = await newUser(server, 'Bob');
    const as = (body: unknown) => ({ headers: bearer(bob.token), body });
    const webhook = await call(
      server,
      'POST',
      '/api/webhooks',
      as({ url: 'http://127.0.0.1:9/hook', events: ['link.created'], description: `  ${emoji(200)}  ` }),
    );
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
    expect(webhook.body.webhook.description).toBe(emoji(200));
    const key = await call(server, 'POST', '/api/keys', as({ name: emoji(100) }));
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    expect(key.body.key.name).toBe(emoji(100));
    const team = await call(server, 'POST', '/api/teams', as({ name: emoji(100), slug: 'emoji-team' }));
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    expect(team.body.team.name).toBe(emoji(100));
    const template = await call(server, 'POST', '/api/utm-templates', as({ name: emoji(100), utm_term: emoji(200) }));
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    expect(template.body.template).toMatchObject({ name: emoji(100), utm_term: emoji(200) });
    const account = await call(server, 'PUT', '/api/account', as({ name: emoji(100) }));
    expect(account.status, JSON.stringify(account.body)).toBe(200);

    const tooLong = [
      ['POST', '/api/webhooks', { url: 'http://127.0.0.1:9/h', events: ['link.created'], description: emoji(201) }],
      ['POST', '/api/keys', { name: emoji(101) }],
      ['POST', '/api/teams', { name: emoji(101), slug: 'emoji-two' }],
      ['POST', '/api/utm-templates', { name: emoji(101) }],
      ['PUT', '/api/account', { name: emoji(101) }],
    ] as const;
    for (const [method, path, body] of tooLong) {
      expect([path, (await call(server, method, path, as(body))).status]).toEqual([path, 400]);
    }
  });

  it('cuts an imported title of 250 emoji to 200 whole ones', async () => {
    const csv = `url,title\r\nhttps://example.com/long-title,${emoji(250)}\r\n`;
    const started = await call(server, 'POST', '/api/imports', {
      headers: adminHeaders(server.adminKey),
      body: { source: 'csv', connection: { csv }, options: { mapping: { url: 'url', title: 'title' } } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(await importWhen(server, started.body.import.id)).toMatchObject({ state: 'done', links: { created: 1 } });
    const links = await call(server, 'GET', '/api/links?q=long-title', { headers: adminHeaders(server.adminKey) });
    expect(links.body.map((link: { title: string }) => link.title)).toEqual([emoji(200)]);
  });
});
