/** The desktop screens' words and the small decisions behind them, apart from React so tests can read them. */
import {
  type ConnectResult,
  DEFAULT_SERVER_ADDRESS,
  type DesktopState,
  MAX_ALERT_THRESHOLD,
  normaliseServerAddress,
  plainHttpWarning,
} from '../../../../redirector/contract/desktop';
import { formatNumber } from '../../format/numbers';
import { i18next } from '../../i18n';
import { localiseMessage } from '../../i18n/messages';

/** Why the session lasts only until the app quits (no keyring on this computer). */
export function sessionOnlyNotice(): string {
  return i18next.t('desktop.sessionOnly');
}

export function alertThresholdError(): string {
  return i18next.t('desktop.alert.error', { max: formatNumber(MAX_ALERT_THRESHOLD) });
}

/** What the address field starts with: the active server, else the last one used, else the default. */
export function initialAddress(state: Pick<DesktopState, 'activeServer' | 'servers'>): string {
  return state.activeServer ?? state.servers[0]?.baseUrl ?? DEFAULT_SERVER_ADDRESS;
}

/** The plain-http warning for the address as typed so far (none while it is not an address yet). */
export function addressWarning(typed: string): string | undefined {
  const checked = normaliseServerAddress(typed);
  return checked.ok && plainHttpWarning(checked.baseUrl) !== undefined
    ? i18next.t('desktop.address.plainHttp')
    : undefined;
}

/** The address field's own check before anything is sent; undefined when it may be sent. */
export function addressError(typed: string): string | undefined {
  const checked = normaliseServerAddress(typed);
  return checked.ok ? undefined : i18next.t(`desktop.address.${checked.problem}`);
}

/** What the server said (`503 The database is unreachable…`, a status first or not) with its words in the UI's language. */
function serverDetail(detail: string): string {
  const [, status = '', text = detail] = /^(\d{3} )?([\s\S]*)$/.exec(detail) ?? [];
  return `${status}${localiseMessage(text)}`;
}

/** A failed connect check in words (the contract's CONNECT_MESSAGES, in the UI's language). */
export function connectFailureText(result: Extract<ConnectResult, { ok: false }>, address: string): string {
  const t = i18next.t;
  const { problem } = result;
  if (problem === 'invalid-address') return addressError(address) ?? result.message;
  const baseUrl = normaliseServerAddress(address);
  const where = baseUrl.ok ? baseUrl.baseUrl : address;
  const { detail } = result;
  if (problem === 'unhealthy') {
    return detail
      ? t('desktop.connect.unhealthyDetail', { baseUrl: where, detail: serverDetail(detail) })
      : t('desktop.connect.unhealthy', { baseUrl: where });
  }
  if (problem === 'too-many-attempts') return detail ? serverDetail(detail) : t('desktop.connect.tooManyAttempts');
  if (problem === 'wrong-key') return t('desktop.connect.wrongKey');
  if (problem === 'not-me-server') return t('desktop.connect.notMeServer', { baseUrl: where });
  return t('desktop.connect.unreachable', { baseUrl: where });
}

/** What the saved threshold means, in words. */
export function alertThresholdSummary(clicksPerMinute: number | null): string {
  return clicksPerMinute === null
    ? i18next.t('desktop.alert.none')
    : i18next.t('desktop.alert.summary', { threshold: formatNumber(clicksPerMinute) });
}
