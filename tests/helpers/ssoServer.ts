/**
 * A server that signs in through a test OpenID Connect provider (oidcProvider.ts), as the single
 * sign-on suites start it (docs/api.md#single-sign-on): the provider on loopback, then the server at
 * SSO_PUBLIC_URL behind a proxy, the provider's confidential client, and the suite's own settings.
 */
import { CLIENT_ID, CLIENT_SECRET, startTestProvider, type TestProvider } from './oidcProvider';
import type { SuiteEnds } from './startedForSuite';

export const SSO_PUBLIC_URL = 'https://go.example.test';
/** Where the provider sends the browser back: the one redirect URI it knows. */
export const SSO_CALLBACK = `${SSO_PUBLIC_URL}/api/auth/oidc/callback`;

/** A server's settings signing in through `provider`; `extraEnv` adds to them or replaces them. */
export function ssoEnv(provider: { issuer: string }, extraEnv: Record<string, string> = {}): Record<string, string> {
  return {
    PUBLIC_URL: SSO_PUBLIC_URL,
    TRUST_PROXY: '1',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    ...extraEnv,
  };
}

/** What startTestProvider takes besides the redirect URI. */
export interface SsoProviderOptions {
  postLogoutRedirectUris?: string[];
  idTokenSeconds?: number;
}

/**
 * A test provider, then `start`'s server of ssoEnv with `extraEnv`, both ended with the suite
 * (`ends`, startedForSuite), the server first.
 */
export async function startSsoServer<S extends { close(): unknown }>(
  ends: SuiteEnds,
  start: (env: Record<string, string>) => Promise<S>,
  extraEnv: Record<string, string> = {},
  providerOptions: SsoProviderOptions = {},
): Promise<{ provider: TestProvider; server: S }> {
  const provider = await startTestProvider({ redirectUris: [SSO_CALLBACK], ...providerOptions });
  ends.after(() => provider.stop());
  return { provider, server: ends.closing(await start(ssoEnv(provider, extraEnv))) };
}
