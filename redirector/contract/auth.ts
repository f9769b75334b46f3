/** API types for accounts and sessions. Types only. */
import type { DomainSettingsFields } from './domainSettings';
import type { DomainVerification } from './domains';

export interface User {
  id: number;
  name: string;
  email: string;
  custom_domain: string | null;
}

export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
}

/** The new account, signed in: `token` is a session token as sign-in's. */
export interface RegisterResponse {
  user: Pick<User, 'id' | 'name' | 'email'>;
  token: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  user: User;
}

export interface AdminLoginRequest {
  key: string;
}

export interface AdminLoginResponse {
  success: boolean;
  apiKey?: string;
  error?: string;
}

export interface DomainResponse {
  /** The caller; null for the administrator acting on a team (docs/api.md#the-administrator-on-a-team). */
  user: User | null;
  /** The user's custom domain, or null when the default domain is used. */
  domain: string | null;
  /** The service's default domain (host of PUBLIC_URL), for display. */
  default_domain: string;
  /** PUBLIC_URL itself (scheme, host and port), so the UI can build working short-link addresses. */
  public_url: string;
  /** The domain's state; null without a domain. */
  verification: DomainVerification | null;
  /**
   * The host names the caller may put links on in this team (its membership's `domains`, an API
   * key's narrowing them; docs/api.md#roles); null: every domain of the team.
   */
  allowed_domains: string[] | null;
  /** The domain's fallbacks and `.well-known` documents; only with a domain. */
  settings?: DomainSettingsFields;
}

export interface DomainRequest {
  domain: string;
}

/** Answer of POST /api/user/domain and POST /api/user/domain/verify: the domain as stored (trimmed, lower-cased). */
export interface DomainSetResponse {
  domain: string;
  verification: DomainVerification;
  /** Only when the call set any of them. */
  settings?: DomainSettingsFields;
}

export interface ErrorResponse {
  error: string;
}

export interface SuccessResponse {
  success: true;
}

/** GET /api/config (no credentials): where short links live (PUBLIC_URL), whether anyone may register. */
export interface ServiceConfigResponse {
  public_url: string;
  registration: 'open' | 'closed';
  /** Whether "forgot password" mails a reset link (SMTP_URL is set); else the administrator resets. */
  mail: boolean;
  /**
   * Single sign-on (docs/api.md#single-sign-on): the button's words (OIDC_NAME), and whether a first
   * sign-in makes an account (false with OIDC_NEW_USERS=off); null: none.
   */
  sso: { name: string; new_users: boolean } | null;
  /** PASSWORD_LOGIN: false when only the provider signs users in. */
  password_login: boolean;
}

/** The answer of password sign-in, register, forgot and reset with PASSWORD_LOGIN=off (403). */
export const PASSWORD_LOGIN_OFF = 'Password sign-in is off';
/** A hand-off that is unknown, used or expired (401). */
export const SSO_SIGN_IN_FAILED = 'Sign-in failed';

/** Why single sign-on sent the browser back to the login screen (`/login?sso=<reason>`). */
export const SSO_FAILURES = [
  'failed',
  'unavailable',
  'disabled',
  'no-account',
  'email-taken',
  'no-email',
  'too-many',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

/** POST /api/auth/oidc/session: the sessions of a finished sign-in. */
export interface SsoSessionResponse {
  token: string;
  user: User;
  /** An administrator session (X-API-Key) for members of OIDC_ADMIN_GROUPS. */
  apiKey?: string;
}
