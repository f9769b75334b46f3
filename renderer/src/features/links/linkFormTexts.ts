/**
 * The link form's words that differ by screen: the admin pages and the user dialog keep their own
 * placeholders, hints and error wording; the options are named alike on both (linkOptionTexts.ts).
 * Read in the language in use when called (catalogues: `linkForm.user`, `linkForm.admin`).
 */
import { INVALID_URL, SHORT_CODE_MAX_LENGTH } from '../../../../redirector/contract';
import { i18next } from '../../i18n';

export interface LinkFormTexts {
  /** The user dialog asks for the destination first, then the short code; the admin page starts with the title. */
  destinationFirst: boolean;
  legend: string;
  placeholders: {
    short_code?: string;
    target_url: string;
    title: string;
    tags: string;
    country_redirect_url?: string;
    instagram_exit_url: string;
  };
  shortCodeHint?: { create: string; edit: string };
  errors: {
    shortCodeRequired: string;
    shortCodeCharacters: string;
    shortCodeTooLong: string;
    targetRequired: string;
    redirectRequired: string;
    exitRequired: string;
    invalidUrl: string;
  };
}

export function userLinkFormTexts(): LinkFormTexts {
  const t = i18next.t;
  return {
    destinationFirst: true,
    legend: t('linkForm.user.legend'),
    placeholders: {
      short_code: t('linkForm.user.placeholders.shortCode'),
      target_url: 'https://example.com/a/long/address',
      title: t('linkForm.user.placeholders.title'),
      tags: t('linkForm.user.placeholders.tags'),
      country_redirect_url: 'https://www.google.com/',
      instagram_exit_url: 'https://example.com/instagram',
    },
    shortCodeHint: { create: t('linkForm.user.shortCodeHint.create'), edit: t('linkForm.user.shortCodeHint.edit') },
    errors: {
      shortCodeRequired: t('linkForm.user.errors.shortCodeRequired'),
      shortCodeCharacters: t('linkForm.user.errors.shortCodeCharacters'),
      shortCodeTooLong: t('linkForm.user.errors.shortCodeTooLong', { max: SHORT_CODE_MAX_LENGTH }),
      targetRequired: t('linkForm.user.errors.targetRequired'),
      redirectRequired: t('linkForm.user.errors.redirectRequired'),
      exitRequired: t('linkForm.user.errors.exitRequired'),
      invalidUrl: INVALID_URL,
    },
  };
}

export function adminLinkFormTexts(): LinkFormTexts {
  const t = i18next.t;
  const characters = t('linkForm.admin.errors.shortCodeCharacters');
  return {
    destinationFirst: false,
    legend: t('linkForm.admin.legend'),
    placeholders: {
      target_url: 'https://example.com/page',
      title: t('linkForm.admin.placeholders.title'),
      tags: t('linkForm.admin.placeholders.tags'),
      instagram_exit_url: 'https://example.com/from-instagram',
    },
    errors: {
      shortCodeRequired: t('linkForm.admin.errors.shortCodeRequired'),
      shortCodeCharacters: characters,
      shortCodeTooLong: characters,
      targetRequired: t('linkForm.admin.errors.targetRequired'),
      redirectRequired: t('linkForm.admin.errors.redirectRequired'),
      exitRequired: t('linkForm.admin.errors.exitRequired'),
      invalidUrl: INVALID_URL,
    },
  };
}
