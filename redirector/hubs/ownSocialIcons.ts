/**
 * The hub's social icons that simple-icons does not have, drawn here (24 × 24): LinkedIn left
 * simple-icons at the brand's request and email is no brand. scripts/build/socialIcons.mjs writes
 * socialIcons.ts from simple-icons and spreads these in.
 */
export const OWN_SOCIAL_ICONS = {
  linkedin: {
    title: 'LinkedIn',
    path: 'M3.5 9h3.6v11.5H3.5zM5.3 3.3a2.1 2.1 0 1 1 0 4.2 2.1 2.1 0 0 1 0-4.2zM9.4 9h3.4v1.6c.5-.9 1.7-1.9 3.4-1.9 3.6 0 4.3 2.4 4.3 5.5v6.3h-3.6v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9v5.7H9.4z',
  },
  email: {
    title: 'Email',
    path: 'M1 4h22v16H1zm2 2v.6l9 6.3 9-6.3V6zm0 3v9h18V9l-9 6.3z',
  },
} as const satisfies Record<string, { title: string; path: string }>;
