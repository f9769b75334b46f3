/**
 * The one link form's model (docs/api.md#pages): values, client checks and request bodies for the
 * admin pages and the user dialog alike. The checks are the server's own rules (contract/); only
 * the words differ between the two screens (linkFormTexts.ts).
 */
import {
  isDestination,
  isHttpUrl,
  type Link,
  type LinkInput,
  type LinkUpdate,
  normaliseTags,
  randomShortCode,
  shortCodeIssue,
  shortCodeProblem,
  splitTagText,
  type TagsResult,
  withDefaultScheme,
} from '../../../../redirector/contract';
import {
  CONTROL_FIELDS,
  type ControlField,
  type ControlValues,
  controlFromLink,
  controlInput,
  emptyControl,
  sameControl,
  validateControl,
} from './linkControlForm';
import {
  CONVERSION_FIELDS,
  type ConversionField,
  type ConversionValues,
  conversionFromLink,
  conversionInput,
  emptyConversion,
  sameVariants,
  validateConversion,
} from './linkConversionForm';
import type { LinkFormTexts } from './linkFormTexts';
import {
  emptyLinkOptions,
  LINK_OPTION_FIELDS,
  type LinkOptionField,
  type LinkOptionValues,
  linkOptionsFromLink,
  linkOptionsInput,
  sameAsLink,
  validateLinkOptions,
} from './linkOptions';

export interface LinkFormValues extends LinkOptionValues, ConversionValues, ControlValues {
  short_code: string;
  target_url: string;
  title: string;
  /** As typed: separated by commas or spaces. */
  tags: string;
  enable_tiktok_bypass: boolean;
  enable_country_redirect: boolean;
  country_redirect_url: string;
  enable_instagram_exit: boolean;
  instagram_exit_url: string;
}

export type LinkFormField =
  | 'short_code'
  | 'target_url'
  | 'tags'
  | 'country_redirect_url'
  | 'instagram_exit_url'
  | LinkOptionField
  | ConversionField
  | ControlField;
export type LinkFormErrors = Partial<Record<LinkFormField, string>>;

/** In the order the form shows them, so the first one found gets the focus. */
export const LINK_FORM_FIELDS: readonly LinkFormField[] = [
  'short_code',
  'target_url',
  'tags',
  'country_redirect_url',
  'instagram_exit_url',
  ...LINK_OPTION_FIELDS,
  ...CONVERSION_FIELDS,
  ...CONTROL_FIELDS,
];

/** The country redirect's default: a general search engine. */
export const DEFAULT_COUNTRY_REDIRECT_URL = 'https://www.google.com/';

export function emptyLinkForm(prefill: Partial<LinkFormValues> = {}): LinkFormValues {
  return {
    short_code: '',
    target_url: '',
    title: '',
    tags: '',
    enable_tiktok_bypass: false,
    enable_country_redirect: false,
    country_redirect_url: DEFAULT_COUNTRY_REDIRECT_URL,
    enable_instagram_exit: false,
    instagram_exit_url: '',
    ...emptyLinkOptions(),
    ...emptyConversion(),
    ...emptyControl(),
    ...prefill,
  };
}

/** A new link's form, on both screens: its short code prefilled with a random one (Regenerate picks another). */
export function newLinkForm(): LinkFormValues {
  return emptyLinkForm({ short_code: randomShortCode() });
}

export function linkFormFromLink(link: Link): LinkFormValues {
  return {
    short_code: link.short_code,
    target_url: link.target_url,
    title: link.title ?? '',
    tags: (link.tags ?? []).join(', '),
    enable_tiktok_bypass: link.enable_tiktok_bypass,
    enable_country_redirect: link.enable_country_redirect,
    country_redirect_url: link.country_redirect_url || DEFAULT_COUNTRY_REDIRECT_URL,
    enable_instagram_exit: link.enable_instagram_exit,
    instagram_exit_url: link.instagram_exit_url ?? '',
    ...linkOptionsFromLink(link),
    ...conversionFromLink(link),
    ...controlFromLink(link),
  };
}

function addressError(value: string, missing: string, invalid: string, valid = isHttpUrl): string | undefined {
  if (value.trim() === '') return missing;
  return valid(value) ? undefined : invalid;
}

function shortCodeError(value: string, texts: LinkFormTexts): string | undefined {
  const shortCode = value.trim();
  switch (shortCodeIssue(shortCode)) {
    case 'empty':
      return texts.errors.shortCodeRequired;
    case 'too-long':
      return texts.errors.shortCodeTooLong;
    case 'characters':
      return texts.errors.shortCodeCharacters;
    case 'reserved':
      return shortCodeProblem(shortCode);
    default:
      return undefined;
  }
}

/** The tags as the server stores them, or its message for the first one it would refuse. */
export function tagsFromText(text: string): TagsResult {
  return normaliseTags(splitTagText(text));
}

function tagsError(text: string): string | undefined {
  const checked = tagsFromText(text);
  return checked.ok ? undefined : checked.error;
}

/** Client checks; `editing` skips the short code, which can't change. Empty object = valid. */
export function validateLinkForm(values: LinkFormValues, editing: boolean, texts: LinkFormTexts): LinkFormErrors {
  const { errors: words } = texts;
  const found: LinkFormErrors = {
    short_code: editing ? undefined : shortCodeError(values.short_code, texts),
    // The destination may leave out its scheme: https:// is put before it (docs/api.md#rules-and-their-messages).
    target_url: addressError(values.target_url, words.targetRequired, words.invalidUrl, isDestination),
    tags: tagsError(values.tags),
    country_redirect_url: values.enable_country_redirect
      ? addressError(values.country_redirect_url, words.redirectRequired, words.invalidUrl)
      : undefined,
    instagram_exit_url: values.enable_instagram_exit
      ? addressError(values.instagram_exit_url, words.exitRequired, words.invalidUrl)
      : undefined,
    ...validateLinkOptions(values),
    ...validateConversion(values),
    ...validateControl(values),
  };
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message !== undefined));
}

/** The body of create (and of the user's update): an address is sent only while its option is on. */
export function linkInputFromForm(values: LinkFormValues): LinkInput {
  const tags = tagsFromText(values.tags);
  return {
    short_code: values.short_code.trim(),
    target_url: withDefaultScheme(values.target_url).trim(),
    title: values.title.trim(),
    tags: tags.ok ? tags.tags : [],
    enable_tiktok_bypass: values.enable_tiktok_bypass,
    enable_country_redirect: values.enable_country_redirect,
    country_redirect_url: values.enable_country_redirect ? values.country_redirect_url.trim() : null,
    enable_instagram_exit: values.enable_instagram_exit,
    instagram_exit_url: values.enable_instagram_exit ? values.instagram_exit_url.trim() : null,
    ...linkOptionsInput(values),
    ...conversionInput(values),
    ...controlInput(values),
  };
}

/** The admin's PUT body: only the fields that changed, never the short code (docs/api.md#links). */
export function changedFields(original: Link, values: LinkFormValues): LinkUpdate {
  const { short_code: _fixed, ...next } = linkInputFromForm(values);
  const changed = Object.entries(next).filter(([field, value]) => {
    // Tags are a set the server keeps sorted: the same names in another order are no change.
    if (field === 'tags') return [...(value as string[])].sort().join() !== [...(original.tags ?? [])].sort().join();
    if (field === 'variants') return !sameVariants(value, original);
    const control = sameControl(field, value, original);
    if (control !== undefined) return !control;
    return !sameAsLink(field, value, original);
  });
  return Object.fromEntries(changed) as LinkUpdate;
}
