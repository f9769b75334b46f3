/**
 * Every user call of the OpenAPI description, made by an outsider (another account, with a session
 * and with an API key) against a first user's link, webhook, key, hub, custom domain and session:
 * none answers 2xx on the first user's thing, none shows it, and the first user's things are all
 * still there, unchanged, afterwards (docs/api.md#scope-who-a-call-acts-for). A call added to the
 * description without a row here fails the test, so a new route is walked too.
 */
import { describe, expect, it } from 'vitest';
import { type AnyAnswer, bearer, call, newUser } from '../../../helpers/api';
import { madeOnServer } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { STORE_SERVERS } from './bothStores';

/** The first user's things, and texts that belong to them alone. */
interface Victim {
  token: string;
  linkId: number;
  code: string;
  webhookId: number;
  keyId: number;
  sessionId: string;
  /** A shared team of the first user's (docs/api.md#teams). */
  teamId: number;
  /** An import job of the first user's (docs/api.md#imports). */
  importId: number;
  /** A UTM template of the first user's (docs/api.md#utm-templates). */
  utmId: number;
  /** Texts of the first user's things no answer to the outsider may hold. */
  secrets: string[];
}

/** What a row asks of the outsider's call. */
interface Row {
  /** The query string, filled in with the first user's ids. */
  query?: (victim: Victim) => string;
  body?: (victim: Victim) => unknown;
  csv?: (victim: Victim) => string;
  image?: boolean;
  /**
   * 'refused': the call names a thing of the first user and must not succeed (404 as the contract
   * says, 403 where a key may not manage keys, 400 where a body names another's link); 'own': the
   * call acts on the outsider's own things and may succeed, showing none of the first user's.
   */
  expect: 'refused' | 'own';
  /** A text of the first user's that this call sends itself, so the answer may repeat it. */
  echoes?: (victim: Victim) => string;
  /** Session only: an API key may not make this call (403), or it ends the outsider's session. */
  sessionOnly?: boolean;
  /** Made last: it ends the outsider's account. */
  last?: boolean;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An import from a YOURLS database nothing answers for (the job fails; its row stays). */
const importOf = (who: string) => ({
  source: 'yourls',
  connection: { database_url: `mysql://${who}-secret-import:pw@127.0.0.1:9/yourls` },
  dry_run: true,
});

const ROWS: Record<string, Row> = {
  'GET /api/user/domain': { expect: 'own' },
  'POST /api/user/domain': { body: () => ({ domain: 'go.outsider-own.example' }), expect: 'own' },
  'DELETE /api/user/domain': { expect: 'own' },
  'POST /api/user/domain/verify': { expect: 'own' },
  'GET /api/keys': { expect: 'own' },
  'POST /api/keys': { body: () => ({ name: 'outsider key' }), expect: 'own' },
  'DELETE /api/keys': { query: (v) => `id=${v.keyId}`, expect: 'refused' },
  'GET /api/account': { expect: 'own' },
  'PUT /api/account': { body: () => ({ name: 'Outsider Renamed' }), expect: 'own', sessionOnly: true },
  'DELETE /api/account': { body: () => ({}), expect: 'own', sessionOnly: true, last: true },
  'GET /api/account/sessions': { expect: 'own', sessionOnly: true },
  'DELETE /api/account/sessions': { query: (v) => `id=${encodeURIComponent(v.sessionId)}`, expect: 'refused' },
  'GET /api/links/user': { query: (v) => `linkId=${v.linkId}`, expect: 'refused' },
  'POST /api/links/create': {
    body: () => ({ target_url: 'https://outsider.example/', title: 'outsider link' }),
    expect: 'own',
  },
  'PUT /api/links/update': {
    query: (v) => `linkId=${v.linkId}`,
    body: () => ({ title: 'taken over', target_url: 'https://outsider.example/taken' }),
    expect: 'refused',
  },
  'DELETE /api/links/delete': { query: (v) => `linkId=${v.linkId}`, expect: 'refused' },
  // Acts on the outsider's own links: the first user's id is reported "not found", and kept.
  'POST /api/links/bulk': { body: (v) => ({ ids: [v.linkId], action: 'delete' }), expect: 'own' },
  'GET /api/tags': { expect: 'own' },
  'GET /api/links/health': { expect: 'own' },
  'POST /api/links/check': { query: (v) => `id=${v.linkId}`, expect: 'refused' },
  'GET /api/links/user/export': { expect: 'own' },
  'POST /api/links/user/import': {
    csv: (v) => `short_code,target_url,title\n${v.code},https://outsider.example/import,imported\n`,
    expect: 'own',
    echoes: (v) => v.code,
  },
  'GET /api/analytics/user/clicks': { query: (v) => `linkId=${v.linkId}`, expect: 'refused' },
  'GET /api/analytics/user': { query: (v) => `linkId=${v.linkId}`, expect: 'refused' },
  'GET /api/hub': { expect: 'own' },
  'PUT /api/hub': {
    body: (v) => ({ handle: 'outsider-hub', title: 'Outsider', theme: 'auto', links: [{ link_id: v.linkId }] }),
    expect: 'refused',
  },
  'DELETE /api/hub': { expect: 'own' },
  'PUT /api/hub/avatar': { image: true, expect: 'own' },
  'DELETE /api/hub/avatar': { expect: 'own' },
  'GET /api/hub/stats': { expect: 'own' },
  'GET /api/webhooks': { expect: 'own' },
  'POST /api/webhooks': {
    body: () => ({ url: 'http://127.0.0.1:9/outsider', events: ['link.clicked'], description: 'outsider hook' }),
    expect: 'own',
  },
  'PUT /api/webhooks': {
    query: (v) => `id=${v.webhookId}`,
    body: () => ({ description: 'taken over' }),
    expect: 'refused',
  },
  'DELETE /api/webhooks': { query: (v) => `id=${v.webhookId}`, expect: 'refused' },
  'GET /api/webhooks/deliveries': { query: (v) => `id=${v.webhookId}`, expect: 'refused' },
  'POST /api/webhooks/test': { query: (v) => `id=${v.webhookId}`, expect: 'refused' },
  'POST /api/webhooks/redeliver': { query: (v) => `id=${v.webhookId}&message=msg_outsider`, expect: 'refused' },
  'POST /api/stream/ticket': { expect: 'own' },
  'GET /api/teams': { expect: 'own' },
  'POST /api/teams': { body: () => ({ name: 'Outsider Team' }), expect: 'own' },
  'PUT /api/teams': { query: (v) => `id=${v.teamId}`, body: () => ({ name: 'Taken Over' }), expect: 'refused' },
  'DELETE /api/teams': {
    query: (v) => `id=${v.teamId}`,
    body: () => ({ confirm: 'alice-secret-team' }),
    expect: 'refused',
  },
  'GET /api/teams/members': { query: (v) => `team=${v.teamId}`, expect: 'refused' },
  'PUT /api/teams/members': {
    query: (v) => `team=${v.teamId}&user=1`,
    body: () => ({ role: 'viewer' }),
    expect: 'refused',
  },
  'DELETE /api/teams/members': { query: (v) => `team=${v.teamId}&user=1`, expect: 'refused' },
  'POST /api/teams/invite': {
    query: (v) => `team=${v.teamId}`,
    body: () => ({ email: 'outsider-friend@example.com', role: 'owner' }),
    expect: 'refused',
  },
  'DELETE /api/teams/invite': { query: (v) => `team=${v.teamId}&id=1`, expect: 'refused' },
  'GET /api/imports': { query: (v) => `id=${v.importId}`, expect: 'refused' },
  'POST /api/imports': { body: () => importOf('outsider'), expect: 'own' },
  'DELETE /api/imports': { query: (v) => `id=${v.importId}`, expect: 'refused' },
  'POST /api/imports/csv': {
    query: () => `mapping=${encodeURIComponent(JSON.stringify({ target_url: 'url' }))}`,
    csv: () => 'target_url\nhttps://outsider.example/csv\n',
    expect: 'own',
  },
  'PUT /api/hub/background': { image: true, expect: 'own' },
  'DELETE /api/hub/background': { expect: 'own' },
  'GET /api/audit': { query: (v) => `team=${v.teamId}`, expect: 'refused' },
  'GET /api/audit/export': { query: (v) => `team=${v.teamId}`, expect: 'refused' },
  'POST /api/links/share': { query: (v) => `id=${v.linkId}`, body: () => ({}), expect: 'refused' },
  'GET /api/links/share': { query: (v) => `id=${v.linkId}`, expect: 'refused' },
  'DELETE /api/links/share': { query: (v) => `id=${v.linkId}&share=1`, expect: 'refused' },
  'GET /api/analytics/orphans': { query: () => 'domain=go.alice-secret.example', expect: 'refused' },
  'GET /api/utm-templates': { expect: 'own' },
  'POST /api/utm-templates': { body: () => ({ name: 'Outsider UTM', utm_source: 'outsider' }), expect: 'own' },
  'PUT /api/utm-templates': { query: (v) => `id=${v.utmId}`, body: () => ({ name: 'Taken' }), expect: 'refused' },
  'DELETE /api/utm-templates': { query: (v) => `id=${v.utmId}`, expect: 'refused' },
  // The stream is walked by its own test below: it holds the outsider's clicks, never the first user's.
  'GET /api/stream': { expect: 'own' },
};

/** Every call of the description a bearer (a user's session or key) may make, as `METHOD /path`. */
async function userCalls(server: TestServer): Promise<string[]> {
  const document = (await call(server, 'GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => (operation.security ?? []).some((scheme) => 'bearer' in scheme))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

async function makeVictim(server: TestServer): Promise<Victim> {
  const alice = await newUser(server, 'Alice Secretname');
  const as = { headers: bearer(alice.token) };
  const code = 'alice-secret-code';
  const link = await call(server, 'POST', '/api/links/create', {
    ...as,
    body: { target_url: 'https://alice-private.example/secret-path', short_code: code, title: 'Alice secret title' },
  });
  expect(link.status).toBe(201);
  const webhook = await call(server, 'POST', '/api/webhooks', {
    ...as,
    body: { url: 'http://127.0.0.1:9/alice-secret-hook', events: ['link.clicked'], description: 'alice-secret-desc' },
  });
  expect(webhook.status).toBe(201);
  const key = await call(server, 'POST', '/api/keys', { ...as, body: { name: 'alice-secret-key' } });
  expect(key.status).toBe(201);
  const hub = await call(server, 'PUT', '/api/hub', {
    ...as,
    body: {
      handle: 'alice-secret-hub',
      title: 'Alice hub title',
      theme: 'auto',
      links: [{ link_id: link.body.link.id }],
    },
  });
  expect(hub.status).toBe(200);
  const domain = await call(server, 'POST', '/api/user/domain', { ...as, body: { domain: 'go.alice-secret.example' } });
  expect(domain.status).toBe(200);
  const sessions = await call(server, 'GET', '/api/account/sessions', as);
  expect(sessions.status).toBe(200);
  const team = await call(server, 'POST', '/api/teams', { ...as, body: { name: 'Alice Secret Team' } });
  expect(team.status).toBe(201);
  const imported = await call(server, 'POST', '/api/imports', { ...as, body: importOf('alice') });
  expect(imported.status).toBe(202);
  const utm = await call(server, 'POST', '/api/utm-templates', {
    ...as,
    body: { name: 'Alice Secret UTM', utm_source: 'alice-secret-source' },
  });
  expect(utm.status).toBe(201);
  return {
    token: alice.token,
    linkId: link.body.link.id,
    code,
    webhookId: webhook.body.webhook.id,
    keyId: key.body.key.id,
    sessionId: sessions.body.sessions[0].id,
    teamId: team.body.team.id,
    importId: imported.body.import.id,
    utmId: utm.body.template.id,
    secrets: [
      'Alice Secret UTM',
      'alice-secret-source',
      'alice-secret-import',
      'alice-secret-team',
      'Alice Secret Team',
      code,
      'alice-private.example',
      'Alice secret title',
      'alice-secret-hook',
      'alice-secret-desc',
      'alice-secret-key',
      key.body.key.prefix,
      'alice-secret-hub',
      'Alice hub title',
      'go.alice-secret.example',
      alice.user.email,
      'Alice Secretname',
    ],
  };
}

/** The outsider's call as its row says, with `headers` for its credential. */
async function outsiderCall(
  server: TestServer,
  label: string,
  row: Row,
  victim: Victim,
  headers: Record<string, string>,
) {
  const [method, path] = label.split(' ') as [string, string];
  const url = row.query ? `${path}?${row.query(victim)}` : path;
  if (row.csv) {
    return call(server, method, url, { headers: { ...headers, 'Content-Type': 'text/csv' }, rawBody: row.csv(victim) });
  }
  if (row.image) {
    return call(server, method, url, { headers: { ...headers, 'Content-Type': 'image/png' }, rawBody: PNG });
  }
  return call(server, method, url, { headers, ...(row.body ? { body: row.body(victim) } : {}) });
}

/** The first user's texts an answer holds, but those the outsider sent itself. */
function leaked(answer: AnyAnswer, row: Row, victim: Victim): string[] {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  const echoed = row.echoes?.(victim);
  return victim.secrets.filter((secret) => secret !== echoed && text.includes(secret));
}

/** The first user's things, as the first user reads them. */
async function victimView(server: TestServer, victim: Victim) {
  const as = { headers: bearer(victim.token) };
  const [link, webhooks, keys, hub, domain] = await Promise.all([
    call(server, 'GET', `/api/links/user?linkId=${victim.linkId}`, as),
    call(server, 'GET', '/api/webhooks', as),
    call(server, 'GET', '/api/keys', as),
    call(server, 'GET', '/api/hub', as),
    call(server, 'GET', '/api/user/domain', as),
  ]);
  return {
    link: [link.status, link.body.link?.title, link.body.link?.target_url, link.body.link?.short_code],
    webhooks: webhooks.body.webhooks?.map((hook: { id: number; description: string }) => [hook.id, hook.description]),
    keys: keys.body.keys?.map((key: { id: number; name: string }) => [key.id, key.name]),
    hub: [hub.body.hub?.handle, hub.body.hub?.links?.length],
    domain: domain.body.domain,
  };
}

describe.each(STORE_SERVERS)('an outsider on $kind', (storeServer) => {
  let server: TestServer;
  let victim: Victim;

  madeOnServer(storeServer.start, { OUTBOUND_ALLOW_PRIVATE: '1' }, makeVictim, (p) => ({ server, made: victim } = p));

  it('has a row for every user call the OpenAPI description lists, and none for a call it lacks', async () => {
    const calls = await userCalls(server);
    expect(calls.length).toBeGreaterThan(30);
    expect(calls.filter((label) => !(label in ROWS))).toEqual([]);
    expect(Object.keys(ROWS).filter((label) => !calls.includes(label))).toEqual([]);
  });

  it("reaches none of the first user's things, by session or by API key, on any user call", async () => {
    const before = await victimView(server, victim);
    const outsider = await newUser(server, 'Outsider');
    const session = bearer(outsider.token);
    const keyAnswer = await call(server, 'POST', '/api/keys', { headers: session, body: { name: 'walker' } });
    expect(keyAnswer.status).toBe(201);
    const key = bearer(keyAnswer.body.secret);
    const problems: string[] = [];
    const labels = Object.keys(ROWS).filter((label) => label !== 'GET /api/stream');
    const ordered = [...labels.filter((label) => !ROWS[label]!.last), ...labels.filter((label) => ROWS[label]!.last)];
    for (const label of ordered) {
      const row = ROWS[label]!;
      const credentials = row.sessionOnly
        ? [['session', session]]
        : [
            ['key', key],
            ['session', session],
          ];
      for (const [kind, headers] of credentials as [string, Record<string, string>][]) {
        const answer = await outsiderCall(server, label, row, victim, headers);
        const ok = answer.status >= 200 && answer.status < 300;
        if (row.expect === 'refused' && ok) problems.push(`${label} (${kind}) answered ${answer.status}`);
        if (row.expect === 'refused' && ![400, 403, 404].includes(answer.status)) {
          problems.push(`${label} (${kind}) answered ${answer.status}, not 404/403/400`);
        }
        if (answer.status >= 500) problems.push(`${label} (${kind}) failed with ${answer.status}`);
        for (const secret of leaked(answer, row, victim)) problems.push(`${label} (${kind}) showed "${secret}"`);
      }
    }
    expect(problems).toEqual([]);
    expect(await victimView(server, victim)).toEqual(before);
  });

  it("streams none of the first user's clicks to an outsider", async () => {
    const outsider = await newUser(server, 'Streamer');
    const ticket = await call(server, 'POST', '/api/stream/ticket', { headers: bearer(outsider.token) });
    expect(ticket.status).toBe(200);
    const abort = new AbortController();
    const response = await fetch(`${server.url}/api/stream?ticket=${ticket.body.ticket}`, { signal: abort.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })().catch(() => undefined);
    // The first user's link is clicked while the outsider's stream is open.
    const click = await fetch(`${server.url}/${victim.code}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    abort.abort();
    await reading;
    expect(victim.secrets.filter((secret) => text.includes(secret))).toEqual([]);
  });
});
