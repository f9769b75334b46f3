/** The link form's words on each screen: the admin pages and the user dialog keep their own. */
import { INVALID_URL, MAX_TAGS, SHORT_CODE_MAX_LENGTH } from '../../../../redirector/contract';

interface OptionTexts {
  label: string;
  hint: string;
}

export interface LinkFormTexts {
  /** The user dialog asks for the short code first; the admin page prefills a random one below the title. */
  shortCodeFirst: boolean;
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
  tagsHint: string;
  tiktok: OptionTexts;
  country: OptionTexts;
  instagram: OptionTexts;
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

const COUNTRY_HINT = 'Visitors from developing countries go to another address.';
const TAGS_HINT = `Up to ${MAX_TAGS}, separated by commas or spaces: letters, numbers, - and _.`;

export const USER_LINK_FORM_TEXTS: LinkFormTexts = {
  shortCodeFirst: true,
  legend: 'Features',
  placeholders: {
    short_code: 'my-link',
    target_url: 'https://example.com/a/long/address',
    title: 'My awesome link',
    tags: 'summer, sale',
    country_redirect_url: 'https://www.google.com/',
    instagram_exit_url: 'https://example.com/instagram',
  },
  shortCodeHint: { create: 'Letters, numbers, hyphens and underscores.', edit: "Short codes can't be changed." },
  tagsHint: TAGS_HINT,
  tiktok: { label: 'Enable TikTok Bypass', hint: 'Visitors inside TikTok see how to open the link in their browser.' },
  country: { label: 'Enable Country Redirect', hint: COUNTRY_HINT },
  instagram: { label: 'Enable Instagram Exit', hint: 'Visitors inside Instagram go to an exit address.' },
  errors: {
    shortCodeRequired: 'Please enter a short code',
    shortCodeCharacters: 'Use only letters, numbers, hyphens (-) and underscores (_)',
    shortCodeTooLong: `Use at most ${SHORT_CODE_MAX_LENGTH} characters`,
    targetRequired: 'Please enter a target URL',
    redirectRequired: 'Please enter a redirect URL',
    exitRequired: 'Please enter an exit URL',
    invalidUrl: INVALID_URL,
  },
};

const ADMIN_SHORT_CODE_CHARACTERS = 'Use letters, digits, hyphens and underscores only';

export const ADMIN_LINK_FORM_TEXTS: LinkFormTexts = {
  shortCodeFirst: false,
  legend: 'Redirect options',
  tagsHint: TAGS_HINT,
  placeholders: {
    target_url: 'https://example.com/page',
    title: 'My summer campaign',
    tags: 'campaign, summer',
    instagram_exit_url: 'https://example.com/from-instagram',
  },
  tiktok: {
    label: 'TikTok bypass page',
    hint: "Visitors inside TikTok's browser see how to open the link in their own browser.",
  },
  country: { label: 'Third-world country redirect', hint: COUNTRY_HINT },
  instagram: { label: 'Instagram exit redirect', hint: "Visitors inside Instagram's browser go to the exit address." },
  errors: {
    shortCodeRequired: 'Short code is required',
    shortCodeCharacters: ADMIN_SHORT_CODE_CHARACTERS,
    shortCodeTooLong: ADMIN_SHORT_CODE_CHARACTERS,
    targetRequired: 'Target URL is required',
    redirectRequired: 'Redirect URL is required',
    exitRequired: 'Exit URL is required',
    invalidUrl: INVALID_URL,
  },
};
