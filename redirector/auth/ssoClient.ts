/**
 * The OpenID Connect relying party (docs/api.md#single-sign-on), through openid-client: discovery,
 * the authorization request with PKCE (S256), state and nonce, the code exchange with every ID token
 * check (signature against the provider's JWKS, iss, aud, exp, nonce), the user info and the
 * provider's sign-out address. No token is checked by hand here.
 *
 * The library's time is the service's clock (a test moves it): its clock skew is set from it on
 * every exchange. The provider's JWKS is read at every sign-in, never kept between two: a key the
 * provider has just rotated in signs the very next sign-in (the library's cache would wait a
 * minute before reading the JWKS again for an unknown `kid`), and a key it no longer publishes
 * signs nothing (the cache would still hold it for up to five minutes). Sign-ins are people at a
 * login screen, each already asking the provider for its discovery document: one more GET is cheap.
 */
import * as oidc from 'openid-client';
import type { SsoConfig } from './ssoConfig';

/** A provider that does not answer within this many seconds is unavailable (docs/api.md#single-sign-on). */
export const PROVIDER_TIMEOUT_SECONDS = 5;

export interface AuthorizationStart {
  url: string;
  /** Kept server-side until the callback: never in the browser. */
  codeVerifier: string;
  nonce: string;
}

/** The claims of a finished sign-in: the ID token's, with the user info's added. */
export type SignInClaims = Record<string, unknown> & { sub: string };

export interface SsoClient {
  /** Discovers the provider again (it may have changed) and builds the authorization request. */
  start(state: string): Promise<AuthorizationStart>;
  /** Exchanges the callback's code and checks the ID token; throws on any failure. */
  finish(callbackUrl: URL, checks: { state: string; codeVerifier: string; nonce: string }): Promise<SignInClaims>;
  /** The provider's sign-out address, when it has an end_session_endpoint (discovered before). */
  endSessionUrl(postLogoutRedirect: string): Promise<string | undefined>;
}

/** `redirectUri`: PUBLIC_URL/api/auth/oidc/callback, registered at the provider. */
export function createSsoClient(config: SsoConfig, redirectUri: string, clock: () => number): SsoClient {
  const issuer = new URL(config.issuer);
  const insecure = issuer.protocol === 'http:';
  const clientAuth = config.clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(config.clientSecret);
  let discovered: oidc.Configuration | undefined;

  async function discover(): Promise<oidc.Configuration> {
    const found = await oidc.discovery(issuer, config.clientId, undefined, clientAuth, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      execute: insecure ? [oidc.allowInsecureRequests] : [],
    });
    discovered = found;
    return found;
  }

  /**
   * A configuration of its own for one exchange, whose idea of now is the service's clock: the
   * library keeps a JWKS per configuration, so this one reads the provider's keys afresh.
   */
  function withServiceTime(base: oidc.Configuration): oidc.Configuration {
    const skew = Math.round((clock() - Date.now()) / 1000);
    const configuration = new oidc.Configuration(
      base.serverMetadata(),
      config.clientId,
      { ...base.clientMetadata(), [oidc.clockSkew]: skew },
      clientAuth,
    );
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    if (insecure) oidc.allowInsecureRequests(configuration);
    // The token endpoint's ID token is checked against the JWKS too (the library skips it by default).
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  }

  return {
    async start(state) {
      const configuration = await discover();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: config.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, codeVerifier, nonce };
    },

    async finish(callbackUrl, checks) {
      const configuration = withServiceTime(discovered ?? (await discover()));
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider sent no ID token');
      const metadata = configuration.serverMetadata();
      const info = metadata.userinfo_endpoint
        ? await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)
        : {};
      return { ...claims, ...info, sub: claims.sub };
    },

    async endSessionUrl(postLogoutRedirect) {
      const configuration = discovered ?? (await discover());
      if (!configuration.serverMetadata().end_session_endpoint) return undefined;
      return oidc.buildEndSessionUrl(configuration, { post_logout_redirect_uri: postLogoutRedirect }).href;
    },
  };
}
