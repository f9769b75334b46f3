/**
 * Writes redirector/hubs/socialIcons.ts: the brand icons of the hub's social platforms
 * (docs/api.md#hub-items), taken from the simple-icons package (CC0) so that only the icons used
 * are bundled and the page makes no request for them. LinkedIn left simple-icons at the brand's
 * request and email is no brand: those two are drawn here. Run `node scripts/build/socialIcons.mjs`
 * after upgrading simple-icons; tests/unit/redirector/hubs/socialIcons.test.ts checks the file
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

/** Drawn here: not in simple-icons. */
const OWN = {
  linkedin: {
    title: 'LinkedIn',
    path: 'M3.5 9h3.6v11.5H3.5zM5.3 3.3a2.1 2.1 0 1 1 0 4.2 2.1 2.1 0 0 1 0-4.2zM9.4 9h3.4v1.6c.5-.9 1.7-1.9 3.4-1.9 3.6 0 4.3 2.4 4.3 5.5v6.3h-3.6v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9v5.7H9.4z',
  },
  email: {
    title: 'Email',
    path: 'M1 4h22v16H1zm2 2v.6l9 6.3 9-6.3V6zm0 3v9h18V9l-9 6.3z',
  },
};

export function iconsOf() {
  const icons = {};
  for (const [platform, slug] of Object.entries(SLUGS)) {
    const icon = Object.values(simpleIcons).find((entry) => entry?.slug === slug);
    if (!icon) throw new Error(`simple-icons has no ${slug}`);
    icons[platform] = { title: icon.title, path: icon.path };
  }
  return { ...icons, ...OWN };
}

export function fileText() {
  const icons = iconsOf();
  const body = Object.entries(icons)
    .map(([platform, icon]) => `  ${platform}: {\n    title: '${icon.title}',\n    path: '${icon.path}',\n  },`)
    .join('\n');
  return `/**
 * The hub's social icons (docs/api.md#hub-items), written by scripts/build/socialIcons.mjs from
 * simple-icons (CC0 1.0); LinkedIn and email drawn by that script. Do not edit by hand.
 */
import type { SocialPlatform } from '../contract/hubItems';

/** Each platform's accessible name and its 24 × 24 path. */
export const SOCIAL_ICONS: Readonly<Record<SocialPlatform, { title: string; path: string }>> = {
${body}
};
`;
}

export const ICONS_FILE = path.resolve(import.meta.dirname, '../../redirector/hubs/socialIcons.ts');

if (process.argv[1] === import.meta.filename) fs.writeFileSync(ICONS_FILE, fileText());
