/** The desktop screens' words and the small decisions behind them, apart from React so tests can read them. */
import {
  DEFAULT_SERVER_ADDRESS,
  type DesktopState,
  MAX_ALERT_THRESHOLD,
  normaliseServerAddress,
  plainHttpWarning,
} from '../../../../redirector/contract/desktop';

export const SESSION_ONLY_NOTICE =
  'This computer offers no secure storage for the session (no keyring), so the session is kept ' +
  'only until Me quits: you will enter the admin key again next time.';

export const ALERT_THRESHOLD_ERROR = `Enter a whole number of clicks from 1 to ${MAX_ALERT_THRESHOLD.toLocaleString('en-US')}, or leave it empty for no notification.`;

/** What the address field starts with: the active server, else the last one used, else the default. */
export function initialAddress(state: Pick<DesktopState, 'activeServer' | 'servers'>): string {
  return state.activeServer ?? state.servers[0]?.baseUrl ?? DEFAULT_SERVER_ADDRESS;
}

/** The plain-http warning for the address as typed so far (none while it is not an address yet). */
export function addressWarning(typed: string): string | undefined {
  const checked = normaliseServerAddress(typed);
  return checked.ok ? plainHttpWarning(checked.baseUrl) : undefined;
}

/** The address field's own check before anything is sent; undefined when it may be sent. */
export function addressError(typed: string): string | undefined {
  const checked = normaliseServerAddress(typed);
  return checked.ok ? undefined : checked.message;
}

/** What the saved threshold means, in words. */
export function alertThresholdSummary(clicksPerMinute: number | null): string {
  return clicksPerMinute === null
    ? 'No click notification.'
    : `A notification shows when clicks per minute rise above ${clicksPerMinute.toLocaleString('en-US')}.`;
}
