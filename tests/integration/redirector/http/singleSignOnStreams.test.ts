/**
 * An administrator session that single sign-on gave (docs/api.md#single-sign-on) lasts no longer
 * than its account, its live streams included (docs/api.md#live-stream), on both stores: once the
 * account is disabled, the administrator's stream opened with its ticket ends within 5 s and its
 * unused ticket opens nothing. The server checks each credential every STREAM_RECHECK_MS,
 * shortened from 2 s: the promise (5 s) is asserted as it is.
 */
import { describe, it } from 'vitest';
import { adminHeaders, disableUser } from '../../../helpers/api';
import { expectTicketRefused, openEndingStream, streamTicket } from '../../../helpers/endingStreams';
import { type CapturedLogs, captureLogs } from '../../../helpers/logs';
import type { TestProvider } from '../../../helpers/oidcProvider';
import { startSsoServer } from '../../../helpers/ssoServer';
import { ssoSignIn } from '../../../helpers/ssoSignIn';
import { startedForSuite } from '../../../helpers/startedForSuite';
import type { TestServer } from '../../../helpers/testServer';
import { waitFor } from '../../../helpers/webhookReceiver';
import { STORE_SERVERS } from './bothStores';

const ENDS_WITHIN_MS = 5_000;

describe.each(STORE_SERVERS)(
  "an administrator's stream from single sign-on ends with its account ($kind)",
  ({ start }) => {
    let provider: TestProvider;
    let server: TestServer;
    let logs: CapturedLogs;

    /** Signs `sub` in as a member of the administrators' group: the administrator session and the user's id. */
    const adminSignIn = (sub: string) =>
      ssoSignIn<{ apiKey: string; user: { id: number } }>(server, provider, sub, {
        email: `${sub}@example.org`,
        email_verified: true,
        name: sub,
        groups: ['me-admins'],
      });

    const ticketFor = (apiKey: string) => streamTicket(server, adminHeaders(apiKey));

    startedForSuite(async (ends) => {
      logs = captureLogs();
      ends.after(() => logs.restore());
      ({ provider, server } = await startSsoServer(ends, start, {
        STREAM_RECHECK_MS: '200',
        OIDC_ADMIN_GROUPS: 'me-admins',
      }));
    });

    it('disabling the account ends the stream within 5 s and voids its unused ticket', async () => {
      const { apiKey, user } = await adminSignIn('stream-admin');
      const stream = await openEndingStream(server, `/api/stream?ticket=${await ticketFor(apiKey)}`);
      try {
        const unused = await ticketFor(apiKey);
        await disableUser(server, user.id);
        await waitFor(stream.ended, ENDS_WITHIN_MS, "the end of the administrator's stream after disabling");
        await expectTicketRefused(server, unused);
      } finally {
        stream.close();
      }
    });
  },
);
