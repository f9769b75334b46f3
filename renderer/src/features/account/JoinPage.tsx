/**
 * '/join/:token' (docs/api.md#joining-a-team): the page a team invitation opens. Signed in: join
 * with this account (or sign out to use another). Signed out: sign in and join, or make an account
 * for the invited email and join. Either way the new team is chosen and the dashboard follows.
 * The page is served without a Referer policy that could leak its token (docs/api.md#pages).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { User } from '../../../../redirector/contract';
import { type JoinResponse, SIGN_IN_FIRST } from '../../../../redirector/contract/teams';
import { useApi } from '../../api/ApiProvider';
import { useAccountCalls } from '../../api/account';
import { ApiError, errorMessage } from '../../api/client';
import { invitationPeek, joinAsNewAccount, teamCalls } from '../../api/teams';
import { useBusyCall } from '../../api/useBusyCall';
import { useLoad } from '../../api/useLoad';
import { AuthLayout } from '../../components/AuthLayout';
import { Banner, FailureBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { useForm } from '../../components/useForm';
import { formatDateTime } from '../../format/dates';
import { i18next } from '../../i18n';
import { writeChosenTeam } from '../../session/chosenTeam';
import { type UserSession, useSession, writeSession } from '../../session/userSession';
import { NewPasswordFields, SignInFields } from './AccountForm';
import { validateLogin } from './LoginPage';
import { validateNewPassword } from './ResetPasswordPage';

/** A refusal in words: "Sign in first" explained, the server's text otherwise. */
const joinFailure = (error: unknown) =>
  error instanceof ApiError && (error.body as { error?: unknown } | undefined)?.error === SIGN_IN_FIRST
    ? i18next.t('teams.join.signInFirst')
    : errorMessage(error, i18next.t('teams.join.failed'));

export function JoinPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { session, clear } = useSession();
  const navigate = useNavigate();
  /** Joined as `user`: the team chosen, on to the dashboard. */
  const joined = (user: { id: number }, answer: JoinResponse) => {
    writeChosenTeam(user.id, answer.team.id);
    navigate('/dashboard', { replace: true });
  };
  return (
    <AuthLayout title={t('teams.join.title')} subtitle={t('teams.join.subtitle')}>
      <InvitationSummary token={token} />
      {session ? (
        <JoinSignedIn session={session} token={token} onJoined={joined} onSignOut={clear} />
      ) : (
        <div className="stack stack--lg">
          <SignInAndJoin token={token} onJoined={joined} />
          <NewAccountAndJoin token={token} onJoined={joined} />
        </div>
      )}
    </AuthLayout>
  );
}

/**
 * What the invitation offers, asked before joining (POST /api/teams/invitation, no credential): the
 * team's name and the role, the address invited and until when; a bad token says so (joining would
 * fail the same way).
 */
function InvitationSummary({ token }: { token: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const peek = useLoad((signal) => invitationPeek(api.http, token, signal), [token]);
  if (peek.data) {
    const { team, role, email, expires_at: until } = peek.data;
    return (
      <div className="stack stack--sm">
        <p>{t('teams.join.invitedTo', { team: team.name, role: t(`teams.roles.${role}`) })}</p>
        <p className="text-sm muted">{t('teams.join.invitedFor', { email, date: formatDateTime(until) })}</p>
      </div>
    );
  }
  if (peek.error instanceof ApiError && peek.error.status === 404) {
    return <Banner tone="error">{t('teams.join.invalid')}</Banner>;
  }
  return null;
}

interface JoinProps {
  token: string;
  onJoined: (user: { id: number }, answer: JoinResponse) => void;
}

function JoinSignedIn({
  session,
  token,
  onJoined,
  onSignOut,
}: JoinProps & { session: UserSession; onSignOut: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const joining = useBusyCall(joinFailure, { leaves: true });
  const join = () =>
    joining.run(async () => onJoined(session.user, await teamCalls(api.http, { token: session.token }).join(token)));
  return (
    <div className="stack">
      <p>{t('teams.join.signedInAs', { name: session.user.name, email: session.user.email })}</p>
      <FailureBanner message={joining.error} onDismiss={joining.clearError} />
      <Button variant="primary" size="lg" block loading={joining.busy} onClick={() => void join()}>
        {joining.busy ? t('teams.join.joining') : t('teams.join.joinButton')}
      </Button>
      <p className="text-sm muted">{t('teams.join.notYou')}</p>
      <Button variant="ghost" icon="logout" onClick={onSignOut}>
        {t('teams.join.signOut')}
      </Button>
    </div>
  );
}

function SignInAndJoin({ token, onJoined }: JoinProps) {
  const { t } = useTranslation();
  const api = useApi();
  const account = useAccountCalls();
  const form = useForm({
    initial: { email: '', password: '' },
    validate: ({ email, password }) => validateLogin(email, password),
    fields: ['email', 'password'],
    send: async ({ email, password }) => {
      const session = await account.login({ email: email.trim(), password });
      writeSession(session);
      onJoined(session.user, await teamCalls(api.http, { token: session.token }).join(token));
    },
    failureText: joinFailure,
  });
  return (
    <JoinForm title={t('teams.join.haveAccount')} form={form} idle="teams.join.signIn" busy="teams.join.signingIn">
      <SignInFields form={form} />
    </JoinForm>
  );
}

function NewAccountAndJoin({ token, onJoined }: JoinProps) {
  const { t } = useTranslation();
  const api = useApi();
  const form = useForm({
    initial: { name: '', password: '', confirmPassword: '' },
    validate: (values) => {
      const name = values.name.trim() === '' ? { name: t('account.checks.enterName') } : {};
      return { ...name, ...validateNewPassword(values) };
    },
    fields: ['name', 'password', 'confirmPassword'] as const,
    send: async ({ name, password }) => {
      const answer = await joinAsNewAccount(api.http, { token, name: name.trim(), password });
      const user = { ...answer.user, custom_domain: null } as User;
      writeSession({ token: answer.token ?? '', user });
      onJoined(user, answer);
    },
    failureText: joinFailure,
  });
  return (
    <JoinForm title={t('teams.join.newHere')} form={form} idle="teams.join.create" busy="teams.join.creating">
      <p className="text-sm muted">{t('teams.join.newHint')}</p>
      <TextField label={t('account.fields.name')} autoComplete="name" required {...form.field('name')} />
      <NewPasswordFields label={t('account.fields.password')} form={form} />
    </JoinForm>
  );
}

interface JoinFormProps {
  title: string;
  form: Pick<ReturnType<typeof useForm>, 'formRef' | 'submit' | 'serverError' | 'submitting'>;
  idle: 'teams.join.signIn' | 'teams.join.create';
  busy: 'teams.join.signingIn' | 'teams.join.creating';
  children: ReactNode;
}

function JoinForm({ title, form, idle, busy, children }: JoinFormProps) {
  const { t } = useTranslation();
  return (
    <section className="stack" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <form ref={form.formRef} className="form" noValidate onSubmit={form.submit}>
        {form.serverError ? <Banner tone="error">{form.serverError}</Banner> : null}
        {children}
        <Button type="submit" variant="primary" size="lg" block loading={form.submitting}>
          {t(form.submitting ? busy : idle)}
        </Button>
      </form>
    </section>
  );
}
