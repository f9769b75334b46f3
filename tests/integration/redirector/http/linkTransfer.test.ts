/** CSV export and import, and the link limit per account, on both stores. */
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../../../redirector/contract/links';
import { shortCodeProblem } from '../../../../redirector/contract/shortCode';
import { TEXT_NUL } from '../../../../redirector/http/jsonBody';
import { adminHeaders, bearer, call, clickOf, newUser } from '../../../helpers/api';
import { serverSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

const HEADER =
  'short_code,target_url,title,tags,created_at,clicks,unique_visitors,enable_tiktok_bypass,enable_country_redirect,country_redirect_url,enable_instagram_exit,instagram_exit_url,forward_query,expires_at,starts_at,enabled,archived,notes,max_clicks,expired_url,has_password,ios_url,android_url,geo_targets,preview_title,preview_description,preview_image,variants,rules,domain';

describe.each(STORE_SERVERS)('CSV export and import ($kind)', ({ start }) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof newUser>>;
  const csv = (token: string, path: string, text: string) =>
    call(server, 'POST', path, { headers: { ...bearer(token), 'Content-Type': 'text/csv' }, rawBody: text });

  beforeAll(async () => {
    server = await start({ MAX_LINKS_PER_USER: '4' });
    alice = await newUser(server, 'Alice');
  });
  afterAll(() => server.close());

  it('exports RFC 4180 CSV with a header row and guards formula cells', async () => {
    const created = await call(server, 'POST', '/api/links/create', {
      headers: bearer(alice.token),
      body: {
        short_code: 'x1',
        target_url: 'https://a.example.com/?q=1,2',
        title: '=HYPERLINK("evil") "quoted"',
        tags: ['b', 'a'],
        enable_instagram_exit: true,
        instagram_exit_url: 'https://ig.example.com/',
      },
    });
    expect(created.status).toBe(201);
    await server.store.clicks.insertMany([clickOf(created.body.link.id)]);
    const answer = await call(server, 'GET', '/api/links/user/export', { headers: bearer(alice.token) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="links.csv"');
    const link = created.body.link as Link;
    expect(answer.body).toBe(
      `${HEADER}\r\nx1,"https://a.example.com/?q=1,2","'=HYPERLINK(""evil"") ""quoted""",a|b,${link.created_at},1,1,false,false,,true,https://ig.example.com/,true,,,true,false,,,,false,,,,,,,,,\r\n`,
    );
    expect((await call(server, 'GET', '/api/links/user/export')).status).toBe(401);
    expect((await call(server, 'GET', '/api/links/export', { headers: bearer(alice.token) })).status).toBe(401);
  });

  it('imports back what it exported (the leading quote removed), reporting each bad row with its line', async () => {
    const exported = (await call(server, 'GET', '/api/links/user/export', { headers: bearer(alice.token) }))
      .body as string;
    const bob = await newUser(server, 'Bob');
    const renamed = exported.replace('\r\nx1,', '\r\nx1-copy,');
    const text = `${renamed}bad code!,https://b.example.com,,,,,,,,,,\r\n,javascript:alert(1),,,,,,,,,,\r\nx1-copy,https://c.example.com,,,,,,,,,,\r\n,https://d.example.com,Random,z,,,,,,,,\r\n`;
    const answer = await csv(bob.token, '/api/links/user/import', text);
    expect(answer.status).toBe(200);
    expect(answer.body.created).toBe(2);
    expect(answer.body.failed).toEqual([
      { line: 3, short_code: 'bad code!', error: shortCodeProblem('bad code!') },
      { line: 4, short_code: '', error: 'Please enter a valid URL' },
      { line: 5, short_code: 'x1-copy', error: 'This short code is already taken' },
    ]);
    const page = await call(server, 'GET', '/api/links/user?q=x1-copy', { headers: bearer(bob.token) });
    const copy = page.body.links[0] as Link;
    expect([copy.title, copy.tags, copy.target_url, copy.enable_instagram_exit, copy.total_clicks]).toEqual([
      '=HYPERLINK("evil") "quoted"',
      ['a', 'b'],
      'https://a.example.com/?q=1,2',
      true,
      0,
    ]);
    const back = parse((await call(server, 'GET', '/api/links/user/export', { headers: bearer(bob.token) })).body, {
      columns: true,
    }) as Record<string, string>[];
    expect(back.map((row) => [row.short_code, row.title, row.tags])).toEqual([
      ['x1-copy', `'=HYPERLINK("evil") "quoted"`, 'a|b'],
      [expect.stringMatching(/^[A-Za-z0-9]{6}$/), 'Random', 'z'],
    ]);
  });

  it('refuses a bad header, a non-CSV body and an oversized one', async () => {
    const unknown = await csv(alice.token, '/api/links/user/import', 'target_url,colour,size\nhttps://e.com,red,1\n');
    // The refusal names the columns an import accepts (docs/api.md#import-and-export).
    const accepted = 'Accepted columns: short_code, target_url, title, tags, enable_tiktok_bypass,';
    expect([unknown.status, unknown.body.error]).toEqual([400, expect.stringContaining(accepted)]);
    expect(unknown.body.error).toMatch(/^Unknown columns: colour, size\. Accepted columns: .*, domain$/);
    expect(unknown.body.error).not.toMatch(/\b(clicks|created_at|has_password|unique_visitors)\b/);
    const noTarget = await csv(alice.token, '/api/links/user/import', 'title\nx\n');
    expect([noTarget.status, noTarget.body.error]).toEqual([400, expect.stringContaining(accepted)]);
    expect(noTarget.body.error).toMatch(/^The CSV needs a target_url column\. Accepted columns: short_code, /);
    const json = await call(server, 'POST', '/api/links/user/import', { headers: bearer(alice.token), body: {} });
    expect([json.status, json.body]).toEqual([415, { error: 'Request body must be text/csv' }]);
    const big = await csv(alice.token, '/api/links/user/import', `target_url\n${'x'.repeat(5 * 1024 * 1024)}\n`);
    expect([big.status, big.body]).toEqual([413, { error: 'CSV body is too large (5 MiB at most)' }]);
    const rows = await csv(alice.token, '/api/links/user/import', `target_url\n${'https://e.com\n'.repeat(10_001)}`);
    expect([rows.status, rows.body]).toEqual([400, { error: 'An import takes at most 10000 rows' }]);
  });

  it('refuses a compressed CSV (415) and a NUL in any cell (400), on both stores', async () => {
    const gzipped = await call(server, 'POST', '/api/links/user/import', {
      headers: { ...bearer(alice.token), 'Content-Type': 'text/csv', 'Content-Encoding': 'gzip' },
      rawBody: gzipSync('target_url\nhttps://e.com\n'),
    });
    expect([gzipped.status, gzipped.body]).toEqual([415, { error: 'A CSV body must not be compressed' }]);
    const nul = await csv(alice.token, '/api/links/user/import', 'target_url,title\nhttps://e.com,a\u0000b\n');
    expect([nul.status, nul.body]).toEqual([400, { error: TEXT_NUL }]);
  });

  it('holds the link limit for creates, imports and parallel creates; the admin has none', async () => {
    const carol = await newUser(server, 'Carol');
    const over = await csv(carol.token, '/api/links/user/import', `target_url\n${'https://e.com\n'.repeat(5)}`);
    expect([over.status, over.body]).toEqual([403, { error: 'Link limit reached (4 links per account)' }]);
    expect(
      (await csv(carol.token, '/api/links/user/import', `target_url\n${'https://e.com\n'.repeat(3)}`)).body,
    ).toEqual({
      created: 3,
      failed: [],
    });
    const create = () =>
      call(server, 'POST', '/api/links/create', {
        headers: bearer(carol.token),
        body: { target_url: 'https://e.com' },
      });
    const statuses = (await Promise.all([create(), create(), create()])).map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 403, 403]);
    const page = await call(server, 'GET', '/api/links/user', { headers: bearer(carol.token) });
    expect(page.body.total).toBe(4);
    const admin = await call(server, 'POST', '/api/links/import', {
      headers: { ...adminHeaders(server.adminKey), 'Content-Type': 'text/csv' },
      rawBody: `target_url,title\n${'https://e.com,admin\n'.repeat(6)}`,
    });
    expect(admin.body).toEqual({ created: 6, failed: [] });
    const exported = await call(server, 'GET', '/api/links/export', { headers: adminHeaders(server.adminKey) });
    expect((exported.body as string).trim().split('\r\n').length).toBe(1 + 6 + 1 + 2 + 4);
  });
});

describe.each(STORE_SERVERS)('CSV cells on export ($kind)', ({ start }) => {
  let server: TestServer;
  const csv = (token: string, path: string, text: string) =>
    call(server, 'POST', path, { headers: { ...bearer(token), 'Content-Type': 'text/csv' }, rawBody: text });

  serverSuite(start, [], (p) => (server = p));

  it('quotes every cell with a line feed, carriage return, comma or quote, guards full-width formula starts, shows has_password, and imports it all back', async () => {
    const dave = await newUser(server, 'Dave');
    const titles = ['one\ntwo', 'three\rfour', '＝SUM(A1)', '＋1', '－1', '＠me', 'plain'];
    for (const [index, title] of titles.entries()) {
      const created = await call(server, 'POST', '/api/links/create', {
        headers: bearer(dave.token),
        body: {
          short_code: `q${index}`,
          target_url: 'https://q.example.com/',
          title,
          password: index === 0 ? 'secret-1' : undefined,
        },
      });
      expect(created.status).toBe(201);
    }
    const text = (await call(server, 'GET', '/api/links/user/export', { headers: bearer(dave.token) })).body as string;
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(text).toContain(',"one\ntwo",');
    expect(text).toContain(',"three\rfour",');
    for (const start of ['＝SUM(A1)', '＋1', '－1', '＠me']) expect(text).toContain(`,'${start},`);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    // The titles as exported, the formula starts guarded; only q0 has a password.
    const exported = ['one\ntwo', 'three\rfour', "'＝SUM(A1)", "'＋1", "'－1", "'＠me", 'plain'];
    expect(rows.map((row) => [row.short_code, row.title, row.has_password])).toEqual(
      exported.map((title, index) => [`q${index}`, title, String(index === 0)]),
    );
    const erin = await newUser(server, 'Erin');
    const copy = text.replace(/\r\nq(\d),/g, '\r\ncopy$1,');
    expect((await csv(erin.token, '/api/links/user/import', copy)).body).toEqual({ created: 7, failed: [] });
    const back = await call(server, 'GET', '/api/links/user?sort=short_code', { headers: bearer(erin.token) });
    expect((back.body.links as Link[]).map((link) => link.title)).toEqual(titles);
  });
  it('round-trips a filled rules cell (JSON, with its commas and quotes) with the other links-under-control fields', async () => {
    const carol = await newUser(server, 'Carol');
    const rules = [
      {
        when: [
          { type: 'language', is: 'es' },
          { type: 'query', name: 'src', value: 'a,"b"' },
        ],
        url: 'https://es.example/',
      },
      { when: [{ type: 'ip', cidr: '203.0.113.0/24' }], url: 'https://office.example/' },
    ];
    const fields = { starts_at: '2030-01-01T00:00:00.000Z', enabled: false, archived: true, notes: 'note, "quoted"' };
    const made = await call(server, 'POST', '/api/links/create', {
      headers: bearer(carol.token),
      body: { short_code: 'ruled-csv', target_url: 'https://ruled.example/', rules, ...fields },
    });
    expect(made.status).toBe(201);
    const exported = (await call(server, 'GET', '/api/links/user/export', { headers: bearer(carol.token) })).body;
    const [row] = parse(exported as string, { columns: true }) as Record<string, string>[];
    expect(JSON.parse(row!.rules!)).toEqual(rules);
    const dave = await newUser(server, 'Dave');
    // Codes are unique across the service: the copy takes another.
    const copy = (exported as string).replace('ruled-csv', 'ruled-copy');
    expect((await csv(dave.token, '/api/links/user/import', copy)).body).toEqual({ created: 1, failed: [] });
    const back = await call(server, 'GET', '/api/links/user?archived=all', { headers: bearer(dave.token) });
    expect(back.body.links[0]).toMatchObject({ short_code: 'ruled-copy', rules, ...fields });
    const broken = (exported as string).replace('https://es.example/', 'nope').replace('ruled-csv', 'ruled-csv-2');
    const refused = await csv(dave.token, '/api/links/user/import', broken);
    expect(refused.body.created).toBe(0);
    expect(refused.body.failed[0].error).toBe('rules[0].url must be a valid http(s) URL');
  });

  it('imports a hand-written rules cell with the schedule, switch, archive and notes cells, and redirects by it', async () => {
    const erin = await newUser(server, 'Erin');
    const rules = [
      { when: [{ type: 'query', name: 'src', value: 'mail' }], url: 'https://mail.example/' },
      { when: [{ type: 'ip', cidr: '2001:db8::/32' }], url: 'https://v6.example/' },
    ];
    const cell = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const text = [
      'target_url,short_code,rules,starts_at,enabled,archived,notes',
      `https://hand.example/,hand-ruled,${cell(JSON.stringify(rules))},2020-01-01T00:00:00Z,true,false,${cell('by hand, "quoted"')}`,
      `https://hand.example/,hand-off,,2999-01-01T00:00:00+02:00,false,true,`,
    ].join('\n');
    expect((await csv(erin.token, '/api/links/user/import', text)).body).toEqual({ created: 2, failed: [] });
    const listed = await call(server, 'GET', '/api/links/user?archived=all&sort=short_code', {
      headers: bearer(erin.token),
    });
    const [off, ruled] = listed.body.links as Link[];
    expect(ruled).toMatchObject({
      short_code: 'hand-ruled',
      rules,
      enabled: true,
      archived: false,
      notes: 'by hand, "quoted"',
    });
    expect(ruled!.starts_at).toBe('2020-01-01T00:00:00.000Z');
    expect(off).toMatchObject({ short_code: 'hand-off', rules: [], enabled: false, archived: true, notes: null });
    expect(off!.starts_at).toBe('2998-12-31T22:00:00.000Z');
    const went = await fetch(`${server.url}/hand-ruled?src=mail`, { redirect: 'manual' });
    expect([went.status, went.headers.get('location')]).toEqual([302, 'https://mail.example/?src=mail']);
    expect((await fetch(`${server.url}/hand-off`, { redirect: 'manual' })).status).toBe(404);
  });
});
