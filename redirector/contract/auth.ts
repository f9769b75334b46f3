/** API types for accounts and sessions. Types only. */
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
  user: User;
  /** The user's custom domain, or null when the default domain is used. */
  domain: string | null;
  /** The service's default domain (host of PUBLIC_URL), for display. */
  default_domain: string;
  /** PUBLIC_URL itself (scheme, host and port), so the UI can build working short-link addresses. */
  public_url: string;
  /** The domain's state; null without a domain. */
  verification: DomainVerification | null;
}

export interface DomainRequest {
  domain: string;
}

/** Answer of POST /api/user/domain and POST /api/user/domain/verify: the domain as stored (trimmed, lower-cased). */
export interface DomainSetResponse {
  domain: string;
  verification: DomainVerification;
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
}
