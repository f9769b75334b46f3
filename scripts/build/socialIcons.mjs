/**
 * Writes redirector/hubs/socialIcons.ts: the brand icons of the hub's social platforms
 * (docs/api.md#hub-items), taken from the simple-icons package (CC0) so that only the icons used
 * are bundled and the page makes no request for them. LinkedIn left simple-icons at the brand's
 * request and email is no brand: those two are drawn in redirector/hubs/ownSocialIcons.ts. Run `node scripts/build/socialIcons.mjs`
 * after upgrading simple-icons; tests/unit/redirector/hubs/hubItems.test.ts checks the file
 * matches the package.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as simpleIcons from 'simple-icons';

/** Our platform → the simple-icons slug. */
export const SLUGS = {
  github: 'github',
  instagram: 'instagram',
  youtube: 'youtube',
  tiktok: 'tiktok',
  facebook: 'facebook',
  twitch: 'twitch',
  discord: 'discord',
  reddit: 'reddit',
  pinterest: 'pinterest',
  spotify: 'spotify',
  telegram: 'telegram',
  x: 'x',
  mastodon: 'mastodon',
  bluesky: 'bluesky',
  threads: 'threads',
  whatsapp: 'whatsapp',
  snapchat: 'snapchat',
  soundcloud: 'soundcloud',
};

export function iconsOf() {
  const icons = {};
  for (const [platform, slug] of Object.entries(SLUGS)) {
    const icon = Object.values(simpleIcons).find((entry) => entry?.slug === slug);
    if (!icon) throw new Error(`simple-icons has no ${slug}`);
    icons[platform] = { title: icon.title, path: icon.path };
  }
  return icons;
}

export function fileText() {
  const icons = iconsOf();
  const body = Object.entries(icons)
    .map(([platform, icon]) => `  ${platform}: {\n    title: '${icon.title}',\n    path: '${icon.path}',\n  },`)
    .join('\n');
  return `/**
 * The hub's social icons (docs/api.md#hub-items), written by scripts/build/socialIcons.mjs from
 * simple-icons (CC0 1.0); LinkedIn and email drawn in ownSocialIcons.ts. Do not edit by hand.
 */
import type { SocialPlatform } from '../contract/hubItems';
import { OWN_SOCIAL_ICONS } from './ownSocialIcons';

/** Each platform's accessible name and its 24 × 24 path. */
export const SOCIAL_ICONS: Readonly<Record<SocialPlatform, { title: string; path: string }>> = {
${body}
  ...OWN_SOCIAL_ICONS,
};
`;
}

export const ICONS_FILE = path.resolve(import.meta.dirname, '../../redirector/hubs/socialIcons.ts');

if (process.argv[1] === import.meta.filename) fs.writeFileSync(ICONS_FILE, fileText());
