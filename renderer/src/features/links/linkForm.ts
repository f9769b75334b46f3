/** The user's create/edit link form (product spec §2, §5): values, client checks, request body. */
import type { Link, LinkInput } from '../../../../redirector/contract';

export interface LinkFormValues {
  short_code: string;
  target_url: string;
  title: string;
  enable_tiktok_bypass: boolean;
  enable_country_redirect: boolean;
  country_redirect_url: string;
  enable_instagram_exit: boolean;
  instagram_exit_url: string;
}

export type LinkFormErrors = Partial<
  Record<'short_code' | 'target_url' | 'country_redirect_url' | 'instagram_exit_url', string>
>;

/** Filled in when country redirect is switched on with an empty address: a general search engine. */
export const DEFAULT_COUNTRY_REDIRECT_URL = 'https://www.google.com/';

export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const MAX_SHORT_CODE_LENGTH = 64;
export const MAX_URL_LENGTH = 2048;

export function emptyLinkForm(): LinkFormValues {
  return {
    short_code: '',
    target_url: '',
    title: '',
    enable_tiktok_bypass: false,
    enable_country_redirect: false,
    country_redirect_url: '',
    enable_instagram_exit: false,
    instagram_exit_url: '',
  };
}

export function linkFormFromLink(link: Link): LinkFormValues {
  return {
    short_code: link.short_code,
    target_url: link.target_url,
    title: link.title ?? '',
    enable_tiktok_bypass: link.enable_tiktok_bypass,
    enable_country_redirect: link.enable_country_redirect,
    country_redirect_url: link.country_redirect_url ?? '',
    enable_instagram_exit: link.enable_instagram_exit,
    instagram_exit_url: link.instagram_exit_url ?? '',
  };
}

/** An absolute http(s) address, as the server accepts (CONTRACT §3). */
export function isValidHttpUrl(value: string): boolean {
  const text = value.trim();
  if (text === '' || text.length > MAX_URL_LENGTH) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function checkUrl(value: string, missing: string): string | undefined {
  if (value.trim() === '') return missing;
  return isValidHttpUrl(value) ? undefined : 'Please enter a valid URL';
}

/** Client checks; `editing` skips the short code, which can't change. Empty object = valid. */
export function validateLinkForm(values: LinkFormValues, editing: boolean): LinkFormErrors {
  const errors: LinkFormErrors = {};
  if (!editing) {
    const code = values.short_code.trim();
    if (code === '') errors.short_code = 'Please enter a short code';
    else if (!SHORT_CODE_PATTERN.test(code))
      errors.short_code = 'Use only letters, numbers, hyphens (-) and underscores (_)';
    else if (code.length > MAX_SHORT_CODE_LENGTH) errors.short_code = `Use at most ${MAX_SHORT_CODE_LENGTH} characters`;
  }
  const target = checkUrl(values.target_url, 'Please enter a target URL');
  if (target) errors.target_url = target;
  if (values.enable_country_redirect) {
    const redirect = checkUrl(values.country_redirect_url, 'Please enter a redirect URL');
    if (redirect) errors.country_redirect_url = redirect;
  }
  if (values.enable_instagram_exit) {
    const exit = checkUrl(values.instagram_exit_url, 'Please enter an exit URL');
    if (exit) errors.instagram_exit_url = exit;
  }
  return errors;
}

/** The JSON body of create and update (the same body for both, product spec §7). */
export function linkInputFromForm(values: LinkFormValues): LinkInput {
  return {
    short_code: values.short_code.trim(),
    target_url: values.target_url.trim(),
    title: values.title.trim(),
    enable_tiktok_bypass: values.enable_tiktok_bypass,
    enable_country_redirect: values.enable_country_redirect,
    country_redirect_url: values.enable_country_redirect ? values.country_redirect_url.trim() : null,
    enable_instagram_exit: values.enable_instagram_exit,
    instagram_exit_url: values.enable_instagram_exit ? values.instagram_exit_url.trim() : null,
  };
}
