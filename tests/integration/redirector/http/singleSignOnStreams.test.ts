/**
 * An administrator session that single sign-on gave (docs/api.md#single-sign-on) lasts no longer
 * than its account, its live streams included (docs/api.md#live-stream), on both stores: once the
 * account is disabled, the administrator's stream opened with its ticket ends within 5 s and its
 * unused ticket opens nothing. The server checks each credential every STREAM_RECHECK_MS,
 * shortened from 2 s: the promise (5 s) is asserted as it is.
 */
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, call, disableUser } from '../../../helpers/api';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import { CLIENT_ID, CLIENT_SECRET, startTestProvider, type TestProvider } from '../../../helpers/oidcProvider';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from './bothStores';

const PUBLIC_URL = 'https://go.example.test';
const ENDS_WITHIN_MS = 5_000;

describe.each(STORE_SERVERS)(
  "an administrator's stream from single sign-on ends with its account ($kind)",
  ({ start }) => {
    let provider: TestProvider;
    let server: TestServer;
    let logs: CapturedLogs;

    /** Signs `sub` in as a member of the administrators' group: the administrator session and the user's id. */
    async function adminSignIn(sub: string): Promise<{ apiKey: string; user: { id: number } }> {
      provider.accounts.set(sub, {
        email: `${sub}@example.org`,
        email_verified: true,
        name: sub,
        groups: ['me-admins'],
      });
      provider.signInAs(sub);
      const started = await fetch(`${server.url}/api/auth/oidc/start`, { redirect: 'manual' });
      const cookie = started.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .join('; ');
      const back = await provider.authorize(started.headers.get('location') ?? '');
      const answer = await fetch(`${server.url}/api/auth/oidc/callback${back.search}`, {
        redirect: 'manual',
        headers: { cookie },
      });
      const location = answer.headers.get('location') ?? '';
      expect(location).toMatch(/^\/login#sso=/);
      const session = await call(server, 'POST', '/api/auth/oidc/session', {
        body: { code: location.replace(/^\/login#sso=/, '') },
        headers: { cookie },
      });
      expect(session.status).toBe(200);
      expect(session.body.apiKey).toEqual(expect.any(String));
      return session.body;
    }

    async function ticketFor(apiKey: string): Promise<string> {
      const answer = await call(server, 'POST', '/api/stream/ticket', { headers: adminHeaders(apiKey) });
      expect(answer.status).toBe(200);
      return answer.body.ticket as string;
    }

    beforeAll(async () => {
      logs = captureLogs();
      provider = await startTestProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/oidc/callback`] });
      server = await start({
        PUBLIC_URL,
        STREAM_RECHECK_MS: '200',
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_ADMIN_GROUPS: 'me-admins',
      });
    });
    afterAll(async () => {
      await server?.close();
      await provider?.stop();
      logs.restore();
    });

    it('disabling the account ends the stream within 5 s and voids its unused ticket', async () => {
      const { apiKey, user } = await adminSignIn('stream-admin');
      const source = new EventSource(`${server.url}/api/stream?ticket=${await ticketFor(apiKey)}`);
      let ended = false;
      try {
        await new Promise<void>((resolve, reject) => {
          source.onopen = () => resolve();
          source.onerror = (error) => reject(new Error(`stream failed: ${error.message ?? error.code}`));
        });
        source.onerror = () => {
          ended = true;
          source.close();
        };
        const unused = await ticketFor(apiKey);
        await disableUser(server, user.id);
        await waitFor(() => ended, ENDS_WITHIN_MS, "the end of the administrator's stream after disabling");
        const refused = await fetch(`${server.url}/api/stream?ticket=${unused}&last_event_id=0`);
        expect(refused.status).toBe(401);
        await refused.arrayBuffer();
      } finally {
        source.close();
      }
    });
  },
);
