/**
 * User accounts (docs/api.md#accounts-and-sign-in): registration and email + password sign-in. Emails are stored and
 * matched lower-cased. An unknown email still costs one password hash, so the answer's timing does
 * not tell which emails have accounts.
 */
import { z } from 'zod';
import type { AccountUser } from '../contract/account';
import type { RegisterRequest, User } from '../contract/auth';
import { characterCount } from '../contract/characters';
import { ACCOUNT_DISABLED } from '../contract/lists';
import { invalidInput, RuleError, taken } from '../ruleError';
import { UniqueViolation } from '../storage/errors';
import { hasPassword, NO_PASSWORD, type SessionOrigin, type UserRecord } from '../storage/records';
import type { Store } from '../storage/store';
import type { AuthService } from './authService';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords';

export const NAME_REQUIRED = 'Name is required';
export const NAME_TOO_LONG = 'Name must be at most 100 characters';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const EMAIL_TAKEN = 'An account with this email already exists';

export const MIN_PASSWORD_LENGTH = 6;
const MAX_EMAIL_LENGTH = 254;

/** A registration once its fields are checked: what POST /api/auth?action=register takes. */
export type Registration = RegisterRequest;

/** The rules of each account field (docs/api.md#accounts-and-sign-in), shared by every call that sets one. */
export const accountFields = {
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, { error: NAME_REQUIRED }).max(100, { error: NAME_TOO_LONG }),
  email: z
    .string({ error: INVALID_EMAIL })
    .trim()
    .toLowerCase()
    .max(MAX_EMAIL_LENGTH, { error: INVALID_EMAIL })
    .pipe(z.email({ error: INVALID_EMAIL })),
  // Counted in characters (code points), not UTF-16 units.
  password: z
    .string({ error: PASSWORD_TOO_SHORT })
    .refine((password) => characterCount(password) >= MIN_PASSWORD_LENGTH, { error: PASSWORD_TOO_SHORT }),
};

const registration = z.object(accountFields, { error: 'Request body must be an object with name, email and password' });

/** `body` checked by `schema`; RuleError 400 with the first problem otherwise. */
export function parseWith<T>(schema: z.ZodType<T>, body: unknown, fallback: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw invalidInput(result.error.issues[0]?.message ?? fallback);
  return result.data;
}

/** The body of POST /api/auth?action=register, validated; RuleError 400 otherwise. */
export function parseRegistration(body: unknown): Registration {
  return parseWith(registration, body, 'Invalid registration');
}

export { NO_PASSWORD };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A stored user → the API's User (no hash, no times). */
export function toApiUser(user: UserRecord): User {
  return { id: user.id, name: user.name, email: user.email, custom_domain: user.custom_domain };
}

/** A stored user → the account calls' user: also whether it has a password (which decides how it confirms). */
export function toAccountUser(user: UserRecord): AccountUser {
  return { ...toApiUser(user), has_password: hasPassword(user) };
}

export interface AccountService {
  /** The service's own domain (host of PUBLIC_URL), which no user can take. */
  readonly defaultDomain: string;
  /** RuleError 409 when the email is taken. Without a password: an account nobody can sign in to yet. */
  register(registration: Omit<Registration, 'password'> & { password?: string }): Promise<UserRecord>;
  /** A new user session when the email and password match; undefined otherwise (whatever the input). */
  login(
    email: unknown,
    password: unknown,
    origin?: SessionOrigin,
  ): Promise<{ token: string; user: UserRecord } | undefined>;
}

export interface AccountServiceDeps {
  store: Store;
  auth: AuthService;
  clock: () => number;
  defaultDomain: string;
}

export function createAccountService(deps: AccountServiceDeps): AccountService {
  const { store, auth, clock, defaultDomain } = deps;
  return {
    defaultDomain,

    async register({ name, email, password }) {
      const password_hash = password === undefined ? NO_PASSWORD : await hashPassword(password);
      try {
        return await store.users.create({ name, email: normaliseEmail(email), password_hash, created_at: clock() });
      } catch (error) {
        if (error instanceof UniqueViolation) throw taken(EMAIL_TAKEN);
        throw error;
      }
    },

    async login(email, password, origin) {
      const address = typeof email === 'string' ? normaliseEmail(email) : '';
      const secret = typeof password === 'string' ? password : '';
      const user = address === '' ? undefined : await store.users.findByEmail(address);
      // An account without a password costs the same hash as an unknown one.
      const hash = user && user.password_hash !== NO_PASSWORD ? user.password_hash : DUMMY_PASSWORD_HASH;
      const matches = await verifyPassword(secret, hash);
      if (!user || !matches || user.password_hash === NO_PASSWORD) return undefined;
      // Said only to whoever knows the password.
      if (user.disabled) throw new RuleError(401, ACCOUNT_DISABLED);
      return { token: await auth.startUserSession(user.id, origin), user };
    },
  };
}
