/**
 * In-app browsers, recognised by the tokens their apps add to the user agent. ua-parser-js 1.x
 * knows some of them (Instagram, Facebook, TikTok on iOS) but reads Android TikTok (`trill_`) as a
 * plain Chrome WebView, so the decision is ours and the same for every platform.
 */
export type InAppApp =
  | 'tiktok'
  | 'instagram'
  | 'facebook'
  | 'messenger'
  | 'snapchat'
  | 'twitter'
  | 'linkedin'
  | 'pinterest'
  | 'line'
  | 'wechat';

export interface InAppBrowser {
  /** Stored as the click's referrer source. */
  app: InAppApp;
  /** Shown as the browser name. */
  name: string;
  /** The app's version when its token carries one. */
  version: string | null;
}

interface Rule {
  app: InAppApp;
  name: string;
  token: RegExp;
  /** Tried in order: the first that matches gives the version. */
  version?: readonly RegExp[];
}

// Order matters: Messenger carries Facebook's tokens too. Some apps glue their token to the word
// before it (`Safari/537.36trill_400`, `Safari/537.36Snapchat11.83`): those tokens have no \b.
const RULES: readonly Rule[] = [
  {
    app: 'tiktok',
    name: 'TikTok',
    // musical_ly_ (global iOS), trill_ (global Android), BytedanceWebview (both), aweme (Douyin).
    token: /BytedanceWebview|musical_ly|trill_\d|\baweme_/,
    version: [/app_version\/(\d[\d.]*)/, /(?:musical_ly_|trill_|aweme_)(\d+\.\d[\d.]*)/],
  },
  {
    app: 'instagram',
    name: 'Instagram',
    token: /Instagram \d|\bMetaIAB Instagram\b/,
    version: [/Instagram (\d[\d.]*)/],
  },
  {
    app: 'messenger',
    name: 'Messenger',
    token: /FBAN\/Messenger|FB_IAB\/(?:MESSENGER|Orca-Android)|\bMetaIAB Messenger\b/,
    version: [/FBAV\/(\d[\d.]*)/],
  },
  // MetaIAB: Facebook's newer in-app browser, without FBAN/FBAV.
  {
    app: 'facebook',
    name: 'Facebook',
    token: /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bMetaIAB\b/,
    version: [/FBAV\/(\d[\d.]*)/],
  },
  { app: 'snapchat', name: 'Snapchat', token: /Snapchat\/?\d/, version: [/Snapchat\/?(\d[\d.]*)/] },
  { app: 'twitter', name: 'Twitter', token: /TwitterAndroid|Twitter for iP(?:hone|ad)/ },
  { app: 'linkedin', name: 'LinkedIn', token: /\bLinkedInApp\b/, version: [/LinkedInApp\]?\/(\d[\d.]*)/] },
  { app: 'pinterest', name: 'Pinterest', token: /\[Pinterest\/|Pinterest for Android/ },
  { app: 'line', name: 'LINE', token: /\bLine\/\d/, version: [/\bLine\/(\d[\d.]*)/] },
  { app: 'wechat', name: 'WeChat', token: /\bMicroMessenger\//, version: [/MicroMessenger\/(\d[\d.]*)/] },
];

/** Every app recognised: a click whose referrer source is one of these came through an in-app browser. */
export const IN_APP_APPS: readonly InAppApp[] = RULES.map((rule) => rule.app);

const IN_APP_SOURCES = new Set<string>(IN_APP_APPS);
/** Whether a stored referrer source names an in-app browser (an event's `in_app`, docs/api.md#webhooks). */
export const isInAppSource = (source: string | null): boolean => source !== null && IN_APP_SOURCES.has(source);

export function detectInAppBrowser(userAgent: string): InAppBrowser | null {
  for (const rule of RULES) {
    if (rule.token.test(userAgent)) return { app: rule.app, name: rule.name, version: appVersion(rule, userAgent) };
  }
  return null;
}

function appVersion(rule: Rule, userAgent: string): string | null {
  for (const pattern of rule.version ?? []) {
    const found = pattern.exec(userAgent)?.[1];
    if (found !== undefined) return found;
  }
  return null;
}
