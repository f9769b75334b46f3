/**
 * Single sign-on on the login screen (docs/api.md#single-sign-on): the "Sign in with <OIDC_NAME>"
 * button (a plain link to GET /api/auth/oidc/start: the browser goes to the provider), the reason
 * a sign-in came back (`/login?sso=<reason>`), and the hand-off of a finished one
 * (`/login#sso=<code>`), redeemed once for the sessions, after which the browser is on the dashboard.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SSO_FAILURES, type SsoFailure } from '../../../../redirector/contract/auth';
import { useAccountCalls } from '../../api/account';
import { errorMessage } from '../../api/client';
import { Banner } from '../../components/Banner';
import { buttonClass } from '../../components/Button';
import { browserMarkerEnv, storeLogin } from '../../session/adminMarkers';
import { writeSession } from '../../session/userSession';

const FAILURE_TEXTS = {
  failed: 'account.sso.failed',
  unavailable: 'account.sso.unavailable',
  disabled: 'account.sso.disabled',
  'no-account': 'account.sso.noAccount',
  'email-taken': 'account.sso.emailTaken',
  'no-email': 'account.sso.noEmail',
  'too-many': 'account.sso.tooMany',
} as const satisfies Record<SsoFailure, string>;

/** With PASSWORD_LOGIN=off, the words of reasons whose usual ones send the person to a password form. */
const PASSWORD_OFF_TEXTS = {
  unavailable: 'account.sso.unavailableNoPassword',
  'email-taken': 'account.sso.emailTakenNoPassword',
} as const satisfies Partial<Record<SsoFailure, string>>;

function failureText(reason: SsoFailure, passwordLogin: boolean) {
  if (!passwordLogin && reason in PASSWORD_OFF_TEXTS) {
    return PASSWORD_OFF_TEXTS[reason as keyof typeof PASSWORD_OFF_TEXTS];
  }
  return FAILURE_TEXTS[reason];
}

/** The hand-off code of `#sso=<code>`, or undefined. */
function handoffOf(hash: string): string | undefined {
  const match = /^#sso=([A-Za-z0-9_-]+)$/.exec(hash);
  return match?.[1];
}

/** Redeems a hand-off in the address once; the failure's words, or null. */
function useHandoff(): { busy: boolean; failure: string | null } {
  const { t } = useTranslation();
  const account = useAccountCalls();
  const navigate = useNavigate();
  const [code] = useState(() => handoffOf(window.location.hash));
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (code === undefined || started.current) return;
    started.current = true;
    // Out of the address (and its history entry) at once: it works only once anyway.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    account
      .ssoSession(code)
      .then(({ token, user, apiKey }) => {
        writeSession({ token, user, sso: true });
        if (apiKey) storeLogin(browserMarkerEnv(window, { hashRouter: true }), apiKey);
        navigate('/dashboard');
      })
      .catch((error: unknown) => setFailure(errorMessage(error, t('account.sso.failed'))));
  }, [account, code, navigate, t]);
  return { busy: code !== undefined && failure === null, failure };
}

export function SingleSignOn({ name, passwordLogin }: { name: string; passwordLogin: boolean }) {
  const { t } = useTranslation();
  const account = useAccountCalls();
  const [params] = useSearchParams();
  const handoff = useHandoff();
  const reason = params.get('sso');
  const known = (SSO_FAILURES as readonly string[]).includes(reason ?? '') ? (reason as SsoFailure) : undefined;
  const shown = known === undefined ? null : t(failureText(known, passwordLogin));
  const failure: string | null = handoff.failure ?? shown;
  return (
    <div className="form">
      {handoff.busy ? <Banner tone="info">{t('account.sso.signingIn')}</Banner> : null}
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      {passwordLogin ? null : <Banner tone="info">{t('account.sso.passwordOff', { name })}</Banner>}
      <a
        className={buttonClass({ variant: passwordLogin ? 'secondary' : 'primary', size: 'lg', block: true })}
        href={account.ssoStartUrl()}
      >
        {t('account.sso.button', { name })}
      </a>
    </div>
  );
}
