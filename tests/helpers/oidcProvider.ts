/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port, inside the test
 * (docs/api.md#single-sign-on). Its sign-in screen signs in whoever the test names at once, and
 * every client gets the scopes it asks for. The test can rotate its signing key and retire the old
 * ones, stop and start it again on the same port, and rewrite the ID token its token endpoint
 * answers (a token signed with its own key for another audience, with a retired key, or a broken
 * signature).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaLikeContext } from 'oidc-provider';
import { closeNow } from './closeNow';

export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  /** Released with the profile scope too: a groups claim of another name (OIDC_GROUPS_CLAIM). */
  roles?: string[];
}

export const CLIENT_ID = 'me-shortener';
export const CLIENT_SECRET = 'provider-issued-client-secret-7f3a9c';
/** A public client (no secret: PKCE alone), with the same redirect URIs. */
export const PUBLIC_CLIENT_ID = 'me-public';

export interface TestProvider {
  readonly issuer: string;
  /** The provider's accounts by `sub`; changed by the test between sign-ins. */
  readonly accounts: Map<string, ProviderAccount>;
  /** Who the next sign-in at the provider is. */
  signInAs(sub: string): void;
  /** Rewrites the ID token the token endpoint answers; undefined: as the provider made it. */
  rewriteIdToken: ((idToken: string) => string) | undefined;
  /**
   * The token's claims changed and signed again with the provider's own current key, or with the
   * newest key retireOldKeys took out of its JWKS.
   */
  resign(idToken: string, change: Record<string, unknown>, signWith?: 'current' | 'retired'): string;
  /** A new signing key, published first in the JWKS (the old one stays listed) and used from now on. */
  rotateKey(): void;
  /** The JWKS lists the current key alone from now on: the older ones are no longer published. */
  retireOldKeys(): void;
  /** The browser's part: follows the provider's redirects from the authorization URL to the client's redirect URI. */
  authorize(authorizationUrl: string): Promise<URL>;
  stop(): Promise<void>;
  /** Listening again on the same port. */
  start(): Promise<void>;
}

type PrivateJwk = crypto.JsonWebKey & { kid: string; alg: string; use: string };

function newKey(): PrivateJwk {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startTestProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** Seconds an ID token lives (the provider's default is an hour). */
  idTokenSeconds?: number;
}): Promise<TestProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let current = '';
  let keys = [newKey()];
  let retired: PrivateJwk[] = [];
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  let provider = build();

  function build(): Provider {
    const built = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: options.redirectUris,
          post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
          token_endpoint_auth_method: 'client_secret_basic',
        },
        {
          client_id: PUBLIC_CLIENT_ID,
          redirect_uris: options.redirectUris,
          post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
          token_endpoint_auth_method: 'none',
        },
      ],
      jwks: { keys },
      cookies: { keys: ['test-provider-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups', 'roles'] },
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      ttl: { IdToken: options.idTokenSeconds ?? 3600, AccessToken: 3600, AuthorizationCode: 600, Session: 3600 },
      async findAccount(_ctx: unknown, sub: string) {
        const account = accounts.get(sub);
        return account && { accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) };
      },
      async loadExistingGrant(ctx: KoaLikeContext) {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client?.clientId ?? '',
          accountId: ctx.oidc.session?.accountId ?? '',
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
    built.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: unknown } | undefined;
      if (ctx.path === '/token' && typeof body?.id_token === 'string' && testProvider.rewriteIdToken) {
        body.id_token = testProvider.rewriteIdToken(body.id_token);
      }
    });
    return built;
  }

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      provider
        .interactionFinished(req, res, { login: { accountId: current } }, { mergeWithLastSubmission: false })
        .catch(() => {
          res.statusCode = 400;
          res.end('interaction failed');
        });
      return;
    }
    provider.callback()(req, res);
  });

  const testProvider: TestProvider = {
    issuer,
    accounts,
    rewriteIdToken: undefined,
    signInAs(sub) {
      current = sub;
    },
    resign(idToken, change, signWith = 'current') {
      const [header, payload] = idToken.split('.');
      const claims = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), ...change };
      const key = signWith === 'current' ? keys[0] : retired[0];
      if (!key) throw new Error(`no ${signWith} key to sign with`);
      const head = { ...JSON.parse(Buffer.from(header ?? '', 'base64url').toString()), kid: key.kid };
      const signed = `${b64(head)}.${b64(claims)}`;
      const signature = crypto.sign('sha256', Buffer.from(signed), { key, format: 'jwk' });
      return `${signed}.${signature.toString('base64url')}`;
    },
    rotateKey() {
      keys = [newKey(), ...keys];
      provider = build();
    },
    retireOldKeys() {
      retired = [...keys.slice(1), ...retired];
      keys = keys.slice(0, 1);
      provider = build();
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let next = new URL(authorizationUrl);
      for (let hop = 0; hop < 12; hop++) {
        if (!next.href.startsWith(issuer)) return next;
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
        const response = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          const name = pair.slice(0, at);
          const value = pair.slice(at + 1);
          if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
          else jar.set(name, value);
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
        next = new URL(location, next);
      }
      throw new Error('too many redirects at the provider');
    },
    async stop() {
      await closeNow(server);
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
  return testProvider;
}
