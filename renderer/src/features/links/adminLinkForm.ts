/** The admin link form's rules (spec §2 "Admin create link", §5): pure, so they are easy to test. */
import type { Link, LinkInput, LinkUpdate } from '../../../../redirector/contract';

export const SHORT_CODE_LENGTH = 6;
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The country redirect's default: a general search engine. */
export const DEFAULT_COUNTRY_REDIRECT_URL = 'https://www.google.com/';
export const INVALID_URL = 'Please enter a valid URL';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 6 letters and digits, from the browser's secure random source. */
export function randomShortCode(length = SHORT_CODE_LENGTH): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 248 = 4 × 62: dropping bytes above it keeps every character equally likely.
  let code = '';
  while (code.length < length) {
    for (const byte of bytes) {
      if (byte < 248 && code.length < length) code += ALPHABET[byte % ALPHABET.length];
    }
    crypto.getRandomValues(bytes);
  }
  return code;
}

export interface LinkFormValues {
  title: string;
  target_url: string;
  short_code: string;
  enable_tiktok_bypass: boolean;
  enable_country_redirect: boolean;
  country_redirect_url: string;
  enable_instagram_exit: boolean;
  instagram_exit_url: string;
}

export type LinkFormErrors = Partial<Record<keyof LinkFormValues, string>>;

export function emptyLinkForm(shortCode = randomShortCode()): LinkFormValues {
  return {
    title: '',
    target_url: '',
    short_code: shortCode,
    enable_tiktok_bypass: false,
    enable_country_redirect: false,
    country_redirect_url: DEFAULT_COUNTRY_REDIRECT_URL,
    enable_instagram_exit: false,
    instagram_exit_url: '',
  };
}

export function linkToForm(link: Link): LinkFormValues {
  return {
    title: link.title ?? '',
    target_url: link.target_url,
    short_code: link.short_code,
    enable_tiktok_bypass: link.enable_tiktok_bypass,
    enable_country_redirect: link.enable_country_redirect,
    country_redirect_url: link.country_redirect_url || DEFAULT_COUNTRY_REDIRECT_URL,
    enable_instagram_exit: link.enable_instagram_exit,
    instagram_exit_url: link.instagram_exit_url ?? '',
  };
}

/** An absolute http(s) address, as the server accepts (CONTRACT §3). */
export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function validateLinkForm(values: LinkFormValues, mode: 'create' | 'edit'): LinkFormErrors {
  const errors: LinkFormErrors = {};
  if (values.target_url.trim() === '') errors.target_url = 'Target URL is required';
  else if (!isValidUrl(values.target_url)) errors.target_url = INVALID_URL;
  if (mode === 'create') {
    if (values.short_code.trim() === '') errors.short_code = 'Short code is required';
    else if (!SHORT_CODE_PATTERN.test(values.short_code.trim()))
      errors.short_code = 'Use letters, digits, hyphens and underscores only';
  }
  if (values.enable_country_redirect) {
    if (values.country_redirect_url.trim() === '') errors.country_redirect_url = 'Redirect URL is required';
    else if (!isValidUrl(values.country_redirect_url)) errors.country_redirect_url = INVALID_URL;
  }
  if (values.enable_instagram_exit) {
    if (values.instagram_exit_url.trim() === '') errors.instagram_exit_url = 'Exit URL is required';
    else if (!isValidUrl(values.instagram_exit_url)) errors.instagram_exit_url = INVALID_URL;
  }
  return errors;
}

/** The POST body: an address is sent only while its option is on. */
export function toLinkInput(values: LinkFormValues): LinkInput {
  return {
    title: values.title.trim(),
    target_url: values.target_url.trim(),
    short_code: values.short_code.trim(),
    enable_tiktok_bypass: values.enable_tiktok_bypass,
    enable_country_redirect: values.enable_country_redirect,
    country_redirect_url: values.enable_country_redirect ? values.country_redirect_url.trim() : null,
    enable_instagram_exit: values.enable_instagram_exit,
    instagram_exit_url: values.enable_instagram_exit ? values.instagram_exit_url.trim() : null,
  };
}

/** The PUT body: only the fields that changed, never the short code (spec §7). */
export function changedFields(original: Link, values: LinkFormValues): LinkUpdate {
  const next = toLinkInput(values);
  const update: LinkUpdate = {};
  if (next.title !== (original.title ?? '')) update.title = next.title;
  if (next.target_url !== original.target_url) update.target_url = next.target_url;
  if (next.enable_tiktok_bypass !== original.enable_tiktok_bypass)
    update.enable_tiktok_bypass = next.enable_tiktok_bypass;
  if (next.enable_country_redirect !== original.enable_country_redirect)
    update.enable_country_redirect = next.enable_country_redirect;
  if ((next.country_redirect_url ?? null) !== (original.country_redirect_url ?? null))
    update.country_redirect_url = next.country_redirect_url;
  if (next.enable_instagram_exit !== original.enable_instagram_exit)
    update.enable_instagram_exit = next.enable_instagram_exit;
  if ((next.instagram_exit_url ?? null) !== (original.instagram_exit_url ?? null))
    update.instagram_exit_url = next.instagram_exit_url;
  return update;
}
