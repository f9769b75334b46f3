/** API types of account self-service, invitations and resets (docs/api.md#accounts). Types and texts only. */
import type { User } from './auth';
import type { AdminUser } from './lists';

/** An invitation lasts 72 hours, a reset link 1 hour. */
export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;
export const RESET_LIFETIME_MS = 60 * 60 * 1000;

export const CURRENT_PASSWORD_WRONG = 'The current password is wrong';
/**
 * An account without a password (made by single sign-on, or invited and never signed up to)
 * confirms its email change and its deletion with a sign-in this recent instead
 * (docs/api.md#the-account-of-the-signed-in-user): the calling session's start.
 */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
export const SIGN_IN_AGAIN_TO_CONFIRM =
  'Sign in again to confirm: an account without a password confirms this within 10 minutes of signing in';
export const ACCOUNT_LINK_INVALID = 'This link is no longer valid: ask for a new one';
export const FORGOT_ANSWER = 'If an account has this email, a link to reset its password is on its way.';

/** Answer of POST /api/users/invite?id= and /api/users/reset?id=: a one-time link on PUBLIC_URL. */
export interface AccountLinkResponse {
  url: string;
  /** ISO 8601 UTC. */
  expires_at: string;
}

/** Body of POST /api/users (administrator): without a password, the account waits for its invitation. */
export interface NewUserRequest {
  name: string;
  email: string;
  password?: string;
}

/** Answer of POST /api/users: the user, and its invitation when it was made without a password. */
export type NewUserResponse = AdminUser & { invitation?: AccountLinkResponse };

/** Body of POST /api/auth?action=reset: the token of /reset/<token> and the new password. */
export interface ResetRequest {
  token: string;
  password: string;
}

/** Body of POST /api/auth?action=forgot. */
export interface ForgotRequest {
  email: string;
}

/** Answer of POST /api/auth?action=forgot, the same whatever the email. */
export interface ForgotResponse {
  success: true;
  message: string;
}

/** The signed-in user as their own account calls answer: whether it has a password decides how it confirms. */
export type AccountUser = User & { has_password: boolean };

export interface AccountResponse {
  user: AccountUser;
}

/** Body of PUT /api/account: each field optional; email and password changes need current_password (or, without a password, a recent sign-in). */
export interface AccountUpdate {
  name?: string;
  email?: string;
  password?: string;
  current_password?: string;
}

export interface SessionInfo {
  id: string;
  /** ISO 8601 UTC. */
  created_at: string;
  last_used_at: string;
  /** The session this call was made with. */
  current: boolean;
  /** Read from the user agent it signed in with (docs/api.md#the-account-of-the-signed-in-user); null when unknown. */
  browser: string | null;
  /** The operating system, the same way. */
  os: string | null;
  /** ISO 3166-1 alpha-2 of the address it signed in from, approximate; null when unknown. */
  country: string | null;
  city: string | null;
}

export interface SessionsResponse {
  sessions: SessionInfo[];
}

/** Answer of DELETE /api/account/sessions: how many sessions ended. */
export interface SessionsEndedResponse {
  ended: number;
}
