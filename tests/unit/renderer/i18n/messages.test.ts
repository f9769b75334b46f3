import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../../redirector/contract/catalogues';
import { parseDateRange } from '../../../../redirector/contract/dateRange';
import {
  MAX_BACKGROUND_BYTES,
  MAX_HUB_BIO,
  MAX_HUB_DESCRIPTION,
  MAX_HUB_LABEL,
  MAX_HUB_LINKS,
  MAX_HUB_TITLE,
  parseHubInput,
} from '../../../../redirector/contract/hub';
import { MAX_HEADING_TEXT, MAX_HUB_ITEMS } from '../../../../redirector/contract/hubItems';
import { KEY_LIMIT_REACHED, parseKeyName } from '../../../../redirector/contract/keys';
import { moveDomainNotInTeam, moveTargetMissing } from '../../../../redirector/contract/linkBulk';
import {
  notCheckedNoNetwork,
  PREVIEW_DESCRIPTION_MAX,
  PREVIEW_TITLE_MAX,
  previewTextProblem,
  variantsProblem,
} from '../../../../redirector/contract/linkConversion';
import {
  geoTargetCountProblem,
  geoTargetCountryProblem,
  linkPasswordProblem,
  MAX_GEO_TARGETS,
} from '../../../../redirector/contract/linkOptions';
import { checkLinkRules, MAX_RULES } from '../../../../redirector/contract/linkRules';
import { linkLimitMessage } from '../../../../redirector/contract/lists';
import { messageMatcher } from '../../../../redirector/contract/messageMatcher';
import { SHORT_CODE_MAX_LENGTH, shortCodeProblem } from '../../../../redirector/contract/shortCode';
import { MAX_TAGS, normaliseTags, tagProblem } from '../../../../redirector/contract/tags';
import {
  ALREADY_MEMBER,
  accountLastOwner,
  CONFIRM_WITH_SLUG,
  domainMissing,
  LAST_OWNER,
  MEMBER_NOT_FOUND,
  OWN_LINKS_ONLY_MISSING,
  PERSONAL_TEAM_FIXED,
  READ_KEY_MISSING,
  roleMissing,
  SIGN_IN_FIRST,
  TEAM_LIMIT_REACHED,
  TEAM_NOT_FOUND,
  TEAM_SLUG_RULE,
  TEAM_SLUG_TAKEN,
  TEAMS_NEED_SIGN_IN,
} from '../../../../redirector/contract/teams';
import { WEBHOOK_LIMIT_MESSAGE } from '../../../../redirector/contract/webhooks';
import { checkTxtRecord } from '../../../../redirector/domains/txtLookup';
import { TURNED_OFF_REASON } from '../../../../redirector/events/webhookWorker';
import { checkDestination } from '../../../../redirector/health/destinationCheck';
import { CSV_TOO_LARGE } from '../../../../redirector/http/linkTransferRoutes';
import { AVATAR_TOO_BIG, AVATAR_TOO_WIDE, tooBigMessage } from '../../../../redirector/hubs/avatarCheck';
import { CLICK_TIME_UNREADABLE } from '../../../../redirector/imports/importJob';
import { LINK_CLICK_TIME_UNREADABLE } from '../../../../redirector/imports/importLinkClicks';
import { SOURCE_COUNT_LEFT_OUT } from '../../../../redirector/imports/sources/apiConnection';
import { importHeaderProblem } from '../../../../redirector/links/linkCsv';
import { parseLinkChanges } from '../../../../redirector/links/linkValidation';
import { createNameLookup, createResolverProbe } from '../../../../redirector/outbound/nameLookup';
import { parseInvitation, parseMembership } from '../../../../redirector/teams/teamRules';
import { i18next } from '../../../../renderer/src/i18n';
import { localiseMessage } from '../../../../renderer/src/i18n/messages';
import { selfSignedCertificate } from '../../../helpers/selfSignedCertificate';
import { serverAnswers } from './serverAnswers';

/** Every .ts file under redirector/, read once. */
function serverSources(dir = 'redirector'): string {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return serverSources(full);
      return entry.name.endsWith('.ts') ? fs.readFileSync(full, 'utf8') : '';
    })
    .join('\n');
}

const ENGLISH = (CATALOGUES.en?.messages ?? {}) as Record<string, string>;
const isTemplate = (text: string) => /\{\{\s*\w+\s*\}\}/.test(text);

/** The message of the rule `check` breaks. */
function ruleError(check: () => unknown): string | undefined {
  try {
    check();
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

/** The error of a hub the rules refuse. */
function hubError(fields: Record<string, unknown>): string | undefined {
  const parsed = parseHubInput({ handle: 'ada', title: 'Ada', ...fields });
  return parsed.ok ? undefined : parsed.error;
}

/** The refusals of a hub's items and page fields (docs/api.md#hub-items), as the editor may meet them. */
function hubItemErrors(): (string | undefined)[] {
  const social = (url: string, platform = 'github') => ({ type: 'social', socials: [{ platform, url }] });
  return [
    hubError({ items: Array.from({ length: MAX_HUB_ITEMS + 1 }, () => ({ type: 'divider' })) }),
    hubError({ items: [{ type: 'heading', text: 'x'.repeat(MAX_HEADING_TEXT + 1) }] }),
    hubError({ items: [{ type: 'link', link_id: 1, label: 'x'.repeat(MAX_HUB_LABEL + 1) }] }),
    hubError({ items: [{ type: 'divider', starts_at: '2027-01-02T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' }] }),
    hubError({ items: [{ type: 'divider', starts_at: '2027-02-30T00:00:00Z' }] }),
    hubError({ items: [{ type: 'social', socials: [] }] }),
    hubError({ items: [social('github.com/ada')] }),
    hubError({ items: [social('ada', 'email')] }),
    hubError({
      items: [
        { type: 'link', link_id: 1 },
        { type: 'link', link_id: 1 },
      ],
    }),
    hubError({ meta_description: 'x'.repeat(MAX_HUB_DESCRIPTION + 1) }),
  ];
}

/**
 * Why a link is broken, as the real check words it against real servers here: a 404, a redirect
 * loop, a silent server, a self-signed certificate.
 */
async function healthReasons(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-messages-'));
  const certificate = selfSignedCertificate(dir, 'localhost');
  const plain = http.createServer((request, response) => {
    if (request.url === '/loop') response.writeHead(302, { Location: '/loop' }).end();
    else if (request.url === '/silent') return;
    else response.writeHead(404).end();
  });
  const secure = https.createServer(
    { key: fs.readFileSync(certificate.key), cert: fs.readFileSync(certificate.cert) },
    (_request, response) => response.writeHead(200).end(),
  );
  const listen = (server: http.Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const [plainPort, securePort] = [await listen(plain), await listen(secure)];
  const options = { rules: { allowPrivate: true }, userAgent: 'messages test', timeoutMs: 500 };
  try {
    const outcomes = await Promise.all(
      [
        `http://127.0.0.1:${plainPort}/gone`,
        `http://127.0.0.1:${plainPort}/loop`,
        `http://127.0.0.1:${plainPort}/silent`,
        `https://127.0.0.1:${securePort}/`,
      ].map((address) => checkDestination(address, options)),
    );
    return outcomes.map((outcome) => ('error' in outcome ? outcome.error : `no error: ${outcome.kind}`));
  } finally {
    plain.closeAllConnections();
    secure.closeAllConnections();
    plain.close();
    secure.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Why a link could not be checked, as the real check words it: a name asked of a resolver that does
 * not answer (a closed port on loopback), and no route to the network.
 */
async function notCheckedReasons(): Promise<string[]> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const deadResolver = [`127.0.0.1:${socket.address().port}`];
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  const outcome = await checkDestination('http://nowhere.test/', {
    rules: { allowPrivate: true, lookup: createNameLookup(deadResolver) },
    userAgent: 'messages test',
    resolverAnswers: createResolverProbe(deadResolver),
  });
  return ['error' in outcome ? outcome.error : `no error: ${outcome.kind}`, notCheckedNoNetwork('ENETUNREACH')];
}

/** Why a custom domain is not verified yet, for each answer DNS can give (the look-up is the DNS). */
async function domainReasons(): Promise<string[]> {
  const failing = async (): Promise<string[]> => {
    throw Object.assign(new Error('timed out'), { code: 'ETIMEOUT' });
  };
  const checks = await Promise.all(
    [async () => [], async () => ['me-verify=someone-else'], failing].map((lookup) =>
      checkTxtRecord(lookup, 'links.example.com', 'token'),
    ),
  );
  return checks.map((check) => (check.verified ? 'verified' : check.error));
}

/** The refusals of a link's links-under-control fields (docs/api.md#links-under-control), as the real rules word them. */
function linkControlErrors(): (string | undefined)[] {
  const url = 'https://example.com/';
  const rule = (when: unknown[], address = url) => {
    const checked = checkLinkRules([{ when, url: address }]);
    return checked.ok ? undefined : checked.error;
  };
  const change = (fields: Record<string, unknown>) => {
    try {
      parseLinkChanges(fields);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };
  const many = checkLinkRules(
    Array.from({ length: MAX_RULES + 1 }, () => ({ when: [{ type: 'country', is: 'DE' }], url })),
  );
  return [
    change({ notes: 'x'.repeat(2001) }),
    change({ starts_at: 'soon' }),
    many.ok ? undefined : many.error,
    rule([{ type: 'country', is: 'DE' }], 'nope'),
    rule([]),
    rule([{ type: 'ip', cidr: 'x' }]),
    rule([{ type: 'country', is: 'Germany' }]),
    rule([{ type: 'language', is: '123' }]),
    rule([{ type: 'time' }]),
    rule([{ type: 'time', after: '2030-01-02T00:00:00Z', before: '2030-01-01T00:00:00Z' }]),
  ];
}

/** Messages the server builds from parts, as the real rules build them, with sample values. */
async function builtMessages(): Promise<string[]> {
  const texts = [
    shortCodeProblem('x'.repeat(SHORT_CODE_MAX_LENGTH + 1)),
    shortCodeProblem('api'),
    tagProblem('bad!'),
    (() => {
      const checked = normaliseTags(Array.from({ length: MAX_TAGS + 1 }, (_, index) => `tag${index}`));
      return checked.ok ? undefined : checked.error;
    })(),
    (() => {
      const checked = parseKeyName('');
      return checked.ok ? undefined : checked.error;
    })(),
    KEY_LIMIT_REACHED,
    linkLimitMessage(500),
    moveDomainNotInTeam('go.example.com'),
    moveTargetMissing(roleMissing('viewer', 'links')),
    importHeaderProblem(['target_url', 'colour']),
    importHeaderProblem(['title']),
    linkPasswordProblem('abc'),
    geoTargetCountProblem(MAX_GEO_TARGETS + 1),
    geoTargetCountryProblem('usa'),
    variantsProblem([{ url: 'https://example.com', weight: 100 }]),
    previewTextProblem('title', 'x'.repeat(PREVIEW_TITLE_MAX + 1)),
    previewTextProblem('description', 'x'.repeat(PREVIEW_DESCRIPTION_MAX + 1)),
    WEBHOOK_LIMIT_MESSAGE,
    TURNED_OFF_REASON,
    roleMissing('viewer', 'links'),
    roleMissing('viewer', 'hub'),
    roleMissing('editor', 'manage'),
    accountLastOwner('Acme News'),
    // The Team screen's, the join page's and a restricted member's refusals (docs/api.md#teams).
    TEAM_NOT_FOUND,
    TEAMS_NEED_SIGN_IN,
    READ_KEY_MISSING,
    OWN_LINKS_ONLY_MISSING,
    domainMissing('links.example.com'),
    TEAM_SLUG_RULE,
    TEAM_SLUG_TAKEN,
    TEAM_LIMIT_REACHED,
    PERSONAL_TEAM_FIXED,
    LAST_OWNER,
    CONFIRM_WITH_SLUG,
    ALREADY_MEMBER,
    MEMBER_NOT_FOUND,
    SIGN_IN_FIRST,
    ruleError(() => parseMembership({ role: 'boss' })),
    ruleError(() => parseMembership({ role: 'viewer', domains: ['Bad Host!!'] })),
    ruleError(() => parseInvitation({ email: 'nobody', role: 'viewer' })),
    CSV_TOO_LARGE,
    // An import job's clicks without a readable time (a YOURLS one, a Shlink link's), not asked of
    // a real server in serverAnswers.ts: a MySQL source, a visit's time the test Shlink cannot give.
    CLICK_TIME_UNREADABLE,
    LINK_CLICK_TIME_UNREADABLE,
    // A Kutt or Bitly link's click count no link can have, which the test sources do not send.
    SOURCE_COUNT_LEFT_OUT,
    hubError({ handle: 'api' }),
    hubError({ title: 'x'.repeat(MAX_HUB_TITLE + 1) }),
    hubError({ bio: 'x'.repeat(MAX_HUB_BIO + 1) }),
    hubError({ links: Array.from({ length: MAX_HUB_LINKS + 1 }, (_, index) => ({ link_id: index + 1 })) }),
    hubError({ links: [{ link_id: 1, label: 'x'.repeat(MAX_HUB_LABEL + 1) }] }),
    ...hubItemErrors(),
    AVATAR_TOO_BIG,
    AVATAR_TOO_WIDE,
    tooBigMessage(MAX_BACKGROUND_BYTES),
    (() => {
      const checked = parseDateRange('2000-01-01', '2030-01-01');
      return checked.ok ? undefined : checked.error;
    })(),
    ...linkControlErrors(),
    ...(await notCheckedReasons()),
    ...(await domainReasons()),
    ...(await healthReasons()),
  ];
  expect(texts.filter((text) => text === undefined)).toEqual([]);
  return texts as string[];
}

describe('the server messages in the UI language', () => {
  let built: string[];
  let answered: Awaited<ReturnType<typeof serverAnswers>>;

  beforeAll(async () => {
    built = await builtMessages();
    answered = await serverAnswers();
  });

  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it('shows a message the catalogue holds in its translation, and any other as it came', async () => {
    expect(localiseMessage('Invalid email or password')).toBe('Invalid email or password');
    await i18next.changeLanguage('es');
    expect(localiseMessage('Invalid email or password')).toBe('Correo o contraseña incorrectos');
    expect(localiseMessage('Please enter a valid URL')).toBe('Escribe una URL válida');
    expect(localiseMessage('Something only this server says')).toBe('Something only this server says');
  });

  it("shows the hub items' refusals in Spanish, as the hub editor shows them", async () => {
    await i18next.changeLanguage('es');
    expect(localiseMessage('items[1].ends_at must be after starts_at')).toBe(
      'items[1].ends_at: el final debe ser posterior al inicio',
    );
    expect(localiseMessage('items[0].socials[2].url must be an http(s) address')).toBe(
      'items[0].socials[2].url: la dirección del perfil debe ser una dirección http(s)',
    );
    expect(localiseMessage('items[3].text must be 1–80 characters')).toBe(
      'items[3].text: el texto debe tener de 1 a 80 caracteres',
    );
    // An image refused for its size, avatar or background, in bytes or pixels.
    expect(localiseMessage(tooBigMessage(MAX_BACKGROUND_BYTES))).toBe(
      'La imagen es demasiado grande (como máximo 2 MiB)',
    );
    expect(localiseMessage(AVATAR_TOO_WIDE)).toBe('La imagen es demasiado grande (como máximo 2048 × 2048 píxeles)');
  });

  it('shows a message the server builds from parts in Spanish, with its parts in place', async () => {
    const [tooLong, reserved, tag] = built;
    const [gone, loop, silent, tls] = built.slice(-4);
    expect(localiseMessage(tag!)).toBe(tag);
    await i18next.changeLanguage('es');
    expect(localiseMessage(tooLong!)).toBe('El código corto puede tener como máximo 64 caracteres');
    expect(localiseMessage(reserved!)).toBe('"api" está reservado y no se puede usar como código corto');
    expect(localiseMessage(tag!)).toBe('La etiqueta "bad!" debe tener de 1 a 32 caracteres de a-z, 0-9, - y _');
    expect(localiseMessage(gone!)).toBe('Respuesta HTTP 404');
    expect(
      localiseMessage(
        'rules[1].when[0].cidr must be an IPv4 or IPv6 address or CIDR, such as 203.0.113.0/24 or 2001:db8::/32',
      ),
    ).toBe(
      'rules[1].when[0].cidr debe ser una dirección IPv4 o IPv6 o un bloque CIDR, como 203.0.113.0/24 o 2001:db8::/32',
    );
    // An import job's row: a taken code, suffixed (the wizard's report).
    expect(localiseMessage('The short code is taken by another link: imported as sale-2')).toBe(
      'El código corto ya lo usa otro enlace: importado como sale-2',
    );
    expect(localiseMessage('Notes must be at most 2000 characters')).toBe(
      'Las notas pueden tener como máximo 2000 caracteres',
    );
    expect(localiseMessage('starts_at must be before expires_at')).toBe('starts_at debe ser anterior a expires_at');
    expect(localiseMessage(loop!)).toBe('Más de 5 redirecciones');
    expect(localiseMessage(silent!)).toBe('Sin respuesta en 500 ms');
    const noResolver = built.find((text) => text.startsWith('Not checked: this server cannot resolve'));
    expect(localiseMessage(noResolver!)).toMatch(
      /^Sin comprobar: este servidor no puede resolver nombres \(E[A-Z]+\)$/,
    );
    // A team role's refusal (docs/api.md#roles), as the hub editor and the domain dialog show it.
    expect(localiseMessage(roleMissing('viewer', 'hub'))).toBe(
      'Tu rol en este equipo (viewer) no permite cambiar la página del equipo: hace falta ser editor o propietario',
    );
    expect(localiseMessage(LAST_OWNER)).toBe('Un equipo conserva al menos un propietario');
    expect(localiseMessage(domainMissing('links.example.com'))).toBe(
      'No puedes usar el dominio links.example.com en este equipo',
    );
    expect(localiseMessage(TEAM_LIMIT_REACHED)).toBe('Puedes pertenecer como máximo a 20 equipos además del personal');
    expect(localiseMessage('No TXT record at _me-challenge.links.example.com')).toBe(
      'No hay ningún registro TXT en _me-challenge.links.example.com',
    );
    // The detail is Node's own words: it stays as Node gave it.
    expect(tls).toMatch(/^TLS: .*self[- ]signed/);
    expect(localiseMessage(tls!)).toBe(`Error de TLS: ${tls!.slice('TLS: '.length)}`);
  });

  it('holds only texts the server or the shared rules really send', () => {
    const sources = serverSources();
    const unknown = Object.values(ENGLISH).filter((text) => !isTemplate(text) && !sources.includes(text));
    expect(unknown).toEqual([]);
  });

  it('holds each templated text as the real rules build it, and knows every message built here', () => {
    const match = messageMatcher(ENGLISH);
    // A template a real server's answer (below) matches is built too.
    const matched = new Set([...built, ...Object.values(answered).flat()].map((text) => match(text)?.key));
    const unmatched = built.filter((text) => match(text) === undefined);
    const neverBuilt = Object.entries(ENGLISH)
      .filter(([key, text]) => isTemplate(text) && !matched.has(key))
      .map(([, text]) => text);
    expect({ unmatched, neverBuilt }).toEqual({ unmatched: [], neverBuilt: [] });
  });

  it("has every import row's reason, domain rule, webhook address rule and links-under-control refusal a real server answers", async () => {
    const match = messageMatcher(ENGLISH);
    const missing = Object.fromEntries(
      Object.entries(answered).map(([kind, texts]) => [kind, texts.filter((text) => match(text) === undefined)]),
    );
    expect(missing).toEqual({ imports: [], domains: [], webhooks: [], control: [] });
    await i18next.changeLanguage('es');
    const untranslated = Object.values(answered)
      .flat()
      .filter((text) => localiseMessage(text) === text);
    expect(untranslated).toEqual([]);
  });
});
