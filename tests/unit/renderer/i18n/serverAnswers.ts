/**
 * Messages as a real server answers them (docs/api.md#languages), for messages.test.ts: the reason
 * of every kind of row a CSV import refuses, the import's own refusals, the reasons an import job
 * (the wizard's) lists for the rows it left out or changed, the custom domain's rules,
 * the webhook address's and the links-under-control refusals (redirect rules, schedule and notes,
 * shared stats, domain fallbacks and documents, UTM templates), each asked of a real server (SQLite
 * in a temp directory) with the request that gets it.
 */
import { MAX_QUERY_NAME, MAX_QUERY_VALUE, MAX_RULES } from '../../../../redirector/contract/linkRules';
import { MAX_SHARES_PER_LINK } from '../../../../redirector/contract/linkShares';
import { MAX_IMPORT_ROWS } from '../../../../redirector/contract/lists';
import { MAX_UTM_TEMPLATES, MAX_UTM_VALUE } from '../../../../redirector/contract/utmTemplates';
import { MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_URL } from '../../../../redirector/contract/webhooks';
import {
  KUTT_KEY,
  SHLINK_KEY,
  type ShortenerApis,
  shlinkShortUrl,
  startShortenerApis,
} from '../../../helpers/shortenerApis';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

const HOST = 'me.example.test';

/**
 * A call and its JSON answer (tests/helpers/api.ts's `call`, with text bodies only: this file is
 * also checked with the browser's types).
 */
async function call(
  server: TestServer,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the answers' fields are read as the server sends them
): Promise<{ status: number; body: any }> {
  const json = options.body !== undefined;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(json ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
    body: json ? JSON.stringify(options.body) : options.rawBody,
  });
  return { status: response.status, body: await response.json() };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A CSV cell, quoted. */
const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;
const many = (count: number, make: (index: number) => string) => Array.from({ length: count }, (_, i) => make(i));

/** One row per reason a row can be refused for, by the column it sets (target_url defaults to a good one). */
const BAD_ROWS: Record<string, string>[] = [
  { target_url: '' },
  { target_url: 'not an address' },
  { short_code: 'api' },
  { short_code: 'x'.repeat(65) },
  { short_code: 'no spaces' },
  { short_code: 'taken-here' },
  { title: 'x'.repeat(201) },
  { tags: 'Bad!' },
  { tags: many(11, (i) => `t${i}`).join('|') },
  { expires_at: 'soon' },
  { max_clicks: '0' },
  { max_clicks: 'lots' },
  { geo_targets: '[1]' },
  { geo_targets: '{"usa":"https://a.example.org"}' },
  {
    geo_targets: JSON.stringify(
      Object.fromEntries(many(60, (i) => `A${i}`).map((code) => [code, 'https://a.example.org'])),
    ),
  },
  { geo_targets: '{"us":"https://a.example.org","US":"https://b.example.org"}' },
  { geo_targets: '{"US":"nowhere"}' },
  { variants: 'nope' },
  { variants: '[{"url":"https://a.example.org","weight":100}]' },
  { variants: '[{"url":"https://a.example.org","weight":0},{"url":"https://b.example.org","weight":100}]' },
  { variants: '[{"url":"https://a.example.org","weight":30},{"url":"https://b.example.org","weight":30}]' },
  { variants: '[{"url":"nowhere","weight":50},{"url":"https://b.example.org","weight":50}]' },
  { preview_title: 'x'.repeat(121) },
  { preview_description: 'x'.repeat(301) },
  { preview_image: 'http://a.example.org/card.png' },
  { enable_country_redirect: 'maybe' },
  { enable_country_redirect: 'true' },
  { enable_instagram_exit: 'true' },
  { ios_url: 'nowhere' },
  { domain: 'not-mine.example.org' },
  { target_url: `https://${HOST}/elsewhere` },
];

function csvOf(rows: Record<string, string>[]): string {
  const columns = [...new Set(['target_url', ...rows.flatMap((row) => Object.keys(row))])];
  const lines = rows.map((row) =>
    columns.map((column) => cell(row[column] ?? (column === 'target_url' ? 'https://fine.example.org/' : ''))),
  );
  return [columns.join(','), ...lines.map((line) => line.join(','))].join('\n');
}

/** The reasons of the rows an import refused, and the errors of imports refused whole. */
async function importMessages(server: TestServer, token: string): Promise<string[]> {
  const send = (csv: string) =>
    call(server, 'POST', '/api/links/user/import', {
      rawBody: csv,
      headers: { ...bearer(token), 'Content-Type': 'text/csv' },
    });
  const taken = await call(server, 'POST', '/api/links/create', {
    body: { target_url: 'https://fine.example.org/', short_code: 'taken-here' },
    headers: bearer(token),
  });
  if (taken.status !== 201 && taken.status !== 200) throw new Error(`link create: ${taken.status}`);
  const rows = await send(csvOf(BAD_ROWS));
  if (!Array.isArray(rows.body.failed)) throw new Error(`import: ${rows.status} ${JSON.stringify(rows.body)}`);
  const reasons = (rows.body.failed as { error: string }[]).map((row) => row.error);
  if (reasons.length !== BAD_ROWS.length) throw new Error(`import: ${JSON.stringify(rows.body)}`);
  const refused = await Promise.all(
    [
      'target_url,colour\nhttps://a.example.org/,red',
      'target_url,title,title\nhttps://a.example.org/,a,b',
      'title\nhello',
      '',
      `target_url\n${'https://a.example.org/\n'.repeat(MAX_IMPORT_ROWS + 1)}`,
      'target_url\n"https://a.example.org/',
    ].map(send),
  );
  return [...reasons, ...refused.map((answer) => answer.body.error as string)];
}

/**
 * The errors of the wizard's imports refused whole (docs/api.md#imports): a CSV job's file, mapping
 * and options, and a source job's source, connection and address.
 */
async function importJobRefusals(server: TestServer, token: string, sourceUrl: string): Promise<string[]> {
  const user = bearer(token);
  const csvJob = (query: Record<string, string>, csv = 'Where,Code\nhttps://a.example.org/,x1') =>
    call(server, 'POST', `/api/imports/csv?${new URLSearchParams(query)}`, {
      rawBody: csv,
      headers: { ...user, 'Content-Type': 'text/csv' },
    });
  const mapping = (value: Record<string, string>) => JSON.stringify(value);
  const good = mapping({ Where: 'url', Code: 'short_code' });
  const sourceJob = (body: Record<string, unknown>) => call(server, 'POST', '/api/imports', { body, headers: user });
  const answers = [
    await csvJob({ mapping: good }, ''),
    await csvJob({ mapping: '{' }),
    await csvJob({ mapping: mapping({ Code: 'short_code' }) }),
    await csvJob({ mapping: mapping({ Nope: 'url' }) }),
    await csvJob({ mapping: mapping({ Where: 'url', Code: 'url' }) }),
    await csvJob({ mapping: mapping({ Where: 'colour' }) }),
    await csvJob({ mapping: '[]' }),
    await csvJob({ mapping: good }, '"open,quote'),
    await csvJob({ mapping: good, dry_run: '1' }),
    await csvJob({ mapping: good, on_conflict: 'overwrite' }),
    await sourceJob({ source: 'nope', connection: {} }),
    await sourceJob({ source: 'kutt', connection: 'x' }),
    await sourceJob({ source: 'kutt', connection: { url: sourceUrl, api_key: KUTT_KEY } }),
    await sourceJob({ source: 'kutt', connection: { url: 'ftp://a.example.org', api_key: KUTT_KEY } }),
    await sourceJob({ source: 'kutt', connection: { url: 'https://no-such-host.invalid', api_key: KUTT_KEY } }),
  ];
  const unexpected = answers.filter((answer) => answer.status !== 400 || typeof answer.body.error !== 'string');
  if (unexpected.length > 0) throw new Error(`import refusals: ${JSON.stringify(unexpected.map((a) => a.body))}`);
  return answers.map((answer) => answer.body.error as string);
}

/** An import job's state once it has ended (docs/api.md#imports), asked again until then. */
async function jobEnded(
  server: TestServer,
  headers: Record<string, string>,
  started: Awaited<ReturnType<typeof call>>,
): Promise<{ state: string; errors: { message: string }[] }> {
  if (started.status !== 202) throw new Error(`import job: ${started.status} ${JSON.stringify(started.body)}`);
  for (let tries = 0; tries < 200; tries++) {
    const { body } = await call(server, 'GET', `/api/imports?id=${started.body.import.id}`, { headers });
    if (!['queued', 'running'].includes(body.import.state)) return body.import;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import job: still running');
}

/**
 * The reasons of the rows an import job (the wizard's: a CSV mapped, Kutt, Shlink) left out or
 * changed: a taken code skipped and suffixed, a foreign domain, a bad row, a Kutt password and a
 * Shlink desktop address (a click without a readable time: messages.test.ts builds it). Dry runs, one after another (one
 * job at a time); the sources on loopback are read by the administrator's jobs, which may.
 */
async function importJobMessages(server: TestServer, token: string, sourceUrl: string): Promise<string[]> {
  const csv = [
    'link,code,site',
    // Another destination than the caller's own taken-here: a conflict, not the same link again.
    'https://other.example.org/,taken-here,',
    'https://fine.example.org/,,old.example.org',
    'not an address,,',
  ].join('\n');
  const mapping = encodeURIComponent(JSON.stringify({ link: 'url', code: 'short_code', site: 'domain' }));
  const user = bearer(token);
  const csvJob = (onConflict: string) =>
    call(server, 'POST', `/api/imports/csv?mapping=${mapping}&on_conflict=${onConflict}&dry_run=true`, {
      rawBody: csv,
      headers: { ...user, 'Content-Type': 'text/csv' },
    }).then((started) => jobEnded(server, user, started));
  const admin = { 'X-API-Key': server.adminKey };
  const sourceJob = (source: string) =>
    call(server, 'POST', '/api/imports', {
      body: {
        source,
        connection: { url: sourceUrl, api_key: source === 'kutt' ? KUTT_KEY : SHLINK_KEY },
        dry_run: true,
      },
      headers: admin,
    }).then((started) => jobEnded(server, admin, started));
  const jobs = [await csvJob('skip'), await csvJob('suffix'), await sourceJob('kutt'), await sourceJob('shlink')];
  const failed = jobs.filter((job) => job.state !== 'done');
  if (failed.length > 0) throw new Error(`import job: ${JSON.stringify(failed)}`);
  const reasons = jobs.flatMap((job) => job.errors.map((problem) => problem.message));
  // Each job's rows: 3 (CSV, twice), 1 (Kutt), 2 (Shlink).
  if (reasons.length !== 9) throw new Error(`import job reasons: ${JSON.stringify(reasons)}`);
  return reasons;
}

/** A Kutt and a Shlink instance on loopback, each with the links whose rows an import changes. */
async function sourcesWithWarnings(): Promise<ShortenerApis> {
  const apis = await startShortenerApis();
  const created = '2024-01-02T00:00:00.000Z';
  apis.kutt.push({
    id: 'k1',
    address: 'kutt-secret',
    target: 'https://fine.example.org/',
    created_at: created,
    password: true,
    visit_count: 0,
  });
  apis.shlink.push(
    shlinkShortUrl('shlink-desktop', created, {
      deviceLongUrls: { android: null, ios: null, desktop: 'https://fine.example.org/desktop' },
    }),
    shlinkShortUrl('shlink-elsewhere', created, { domain: 'old.example.org' }),
  );
  return apis;
}

/** The errors of a custom domain's claim and verification. */
async function domainMessages(server: TestServer, token: string): Promise<string[]> {
  const claim = (domain: unknown) =>
    call(server, 'POST', '/api/user/domain', { body: { domain }, headers: bearer(token) });
  const answers = await Promise.all(
    ['', 'https://links.example.org', 'links.example.org/path', 'links.example.org:8080', 'bad_name!', HOST].map(claim),
  );
  const verify = await call(server, 'POST', '/api/user/domain/verify', { headers: bearer(token) });
  const unknown = await call(server, 'PUT', '/api/domains?domain=nobody.example.org', {
    body: { status: 'verified' },
    headers: { 'X-API-Key': server.adminKey },
  });
  return [...answers, verify, unknown].map((answer) => answer.body.error as string);
}

/** The errors of a webhook's address, events and description. */
async function webhookMessages(server: TestServer, token: string): Promise<string[]> {
  const create = (body: Record<string, unknown>) =>
    call(server, 'POST', '/api/webhooks', {
      // An address given as a public IPv4 needs no DNS to pass the address rule.
      body: { events: ['link.clicked'], url: 'https://1.1.1.1/in', ...body },
      headers: bearer(token),
    });
  const answers = await Promise.all(
    [
      { url: '' },
      { url: `https://hooks.example.org/${'x'.repeat(MAX_WEBHOOK_URL)}` },
      { url: 'ftp://hooks.example.org/in' },
      { url: 'http://127.0.0.1:9/in' },
      { url: 'http://nowhere.invalid/in' },
      { events: [] },
      { events: ['link.visited'] },
      { description: 5 },
      { description: 'x'.repeat(MAX_WEBHOOK_DESCRIPTION + 1) },
    ].map(create),
  );
  return answers.map((answer) => answer.body.error as string);
}

/** Each answer's error; a call that was not refused is this file's mistake, told with its answer. */
function errorsOf(answers: { status: number; body: { error?: unknown } }[]): string[] {
  const accepted = answers.filter((answer) => answer.status < 400 || typeof answer.body.error !== 'string');
  if (accepted.length > 0) throw new Error(`not refused: ${JSON.stringify(accepted)}`);
  return answers.map((answer) => answer.body.error as string);
}

const RULE_URL = 'https://rule.example.org/';
const rule = (condition: Record<string, unknown>) => [{ when: [condition], url: RULE_URL }];

/** Link fields each refused for one links-under-control reason (docs/api.md#links-under-control). */
const BAD_CONTROL_FIELDS: Record<string, unknown>[] = [
  { rules: 'nope' },
  { rules: ['nope'] },
  { rules: Array.from({ length: MAX_RULES + 1 }, () => rule({ type: 'country', is: 'DE' })[0]) },
  { rules: [{ when: [{ type: 'country', is: 'DE' }], url: 'nowhere' }] },
  { rules: [{ when: [], url: RULE_URL }] },
  { rules: rule({ type: 'weather' }) },
  { rules: rule({ type: 'language', is: 'español' }) },
  { rules: rule({ type: 'query', name: 'x'.repeat(MAX_QUERY_NAME + 1) }) },
  { rules: rule({ type: 'query', name: 'src', value: 'x'.repeat(MAX_QUERY_VALUE + 1) }) },
  { rules: rule({ type: 'ip', cidr: '10.0.0.0/33' }) },
  { rules: rule({ type: 'country', is: 'Germany' }) },
  { rules: rule({ type: 'device', is: 'tablet' }) },
  { rules: rule({ type: 'time' }) },
  { rules: rule({ type: 'time', after: 'tomorrow' }) },
  { rules: rule({ type: 'time', after: '2030-01-02T00:00:00Z', before: '2030-01-01T00:00:00Z' }) },
  { starts_at: 'soon' },
  { starts_at: '2030-01-02T00:00:00Z', expires_at: '2030-01-01T00:00:00Z' },
  { enabled: 'yes' },
  { archived: 'yes' },
  { notes: 'x'.repeat(2001) },
];

/** The refusals of a link's rules, schedule and notes, of its shares, and of UTM templates. */
async function controlMessages(server: TestServer, token: string): Promise<string[]> {
  const as = { headers: bearer(token) };
  const links = await Promise.all(
    BAD_CONTROL_FIELDS.map((fields) =>
      call(server, 'POST', '/api/links/create', { ...as, body: { target_url: RULE_URL, ...fields } }),
    ),
  );
  const made = await call(server, 'POST', '/api/links/create', { ...as, body: { target_url: RULE_URL } });
  const share = (body: unknown) => call(server, 'POST', `/api/links/share?id=${made.body.link.id}`, { ...as, body });
  const shares = [await share({ expires_at: 'soon' }), await share({ expires_at: '2020-01-01T00:00:00Z' })];
  for (let count = 0; count < MAX_SHARES_PER_LINK; count++) await share({});
  shares.push(await share({}));
  shares.push(await call(server, 'DELETE', `/api/links/share?id=${made.body.link.id}&share=999999`, as));
  const template = (body: unknown) => call(server, 'POST', '/api/utm-templates', { ...as, body });
  const templates = [
    await template({ name: '' }),
    await template({ name: 'Long', utm_source: 'x'.repeat(MAX_UTM_VALUE + 1) }),
    await call(server, 'PUT', '/api/utm-templates?id=999999', { ...as, body: { name: 'Gone' } }),
  ];
  for (let count = 0; count < MAX_UTM_TEMPLATES; count++) await template({ name: `Template ${count}` });
  templates.push(await template({ name: 'One too many' }));
  return errorsOf([...links, ...shares, ...templates]);
}

/** The refusals of a domain's fallbacks and `.well-known` documents, and of another's orphan visits. */
async function domainSettingsMessages(server: TestServer, token: string): Promise<string[]> {
  const settings = (body: unknown) =>
    call(server, 'PUT', '/api/settings', { body, headers: { 'X-API-Key': server.adminKey } });
  const answers = await Promise.all(
    [
      { root_url: 'nowhere' },
      { not_found_url: `https://${HOST}/elsewhere` },
      { asset_links: 5 },
      { asset_links: '{"broken":' },
      { apple_app_site_association: JSON.stringify({ pad: 'x'.repeat(60_001) }) },
    ].map(settings),
  );
  const orphans = await call(server, 'GET', '/api/analytics/orphans?domain=nobody.example.org', {
    headers: bearer(token),
  });
  return errorsOf([...answers, orphans]);
}

export type ServerAnswers = Record<'imports' | 'domains' | 'webhooks' | 'control', string[]>;

/** Every message above, as a real server answered it. */
export async function serverAnswers(): Promise<ServerAnswers> {
  const server = await startTestServer({ env: { PUBLIC_URL: `https://${HOST}` } });
  const sources = await sourcesWithWarnings();
  try {
    const account = { name: 'Eva', email: 'eva@example.org', password: 'eva-secret-pw' };
    const { token } = (await call(server, 'POST', '/api/auth?action=register', { body: account })).body;
    return {
      imports: [
        ...(await importMessages(server, token)),
        ...(await importJobMessages(server, token, sources.url)),
        ...(await importJobRefusals(server, token, sources.url)),
      ],
      domains: await domainMessages(server, token),
      webhooks: await webhookMessages(server, token),
      control: [...(await controlMessages(server, token)), ...(await domainSettingsMessages(server, token))],
    };
  } finally {
    await server.close();
    await sources.close();
  }
}
