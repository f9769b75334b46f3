/**
 * The hub items' pure rules (docs/api.md#hub-items): the bundled icons are the installed
 * simple-icons' (and one per platform), an item is shown between its times, and the next start or
 * end is the one the page's caches stop at.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type HubItemFlags,
  isShownAt,
  nextBoundaryAfter,
  SOCIAL_PLATFORMS,
} from '../../../../redirector/contract/hubItems';
import { SOCIAL_ICONS } from '../../../../redirector/hubs/socialIcons';
import { fileText, ICONS_FILE } from '../../../../scripts/build/socialIcons.mjs';

const item = (flags: Partial<HubItemFlags>): HubItemFlags => ({
  visible: true,
  starts_at: null,
  ends_at: null,
  highlight: false,
  sensitive: false,
  ...flags,
});

describe('hub items', () => {
  it('bundle one icon per platform, as scripts/build/socialIcons.mjs writes them from simple-icons', () => {
    expect(Object.keys(SOCIAL_ICONS).sort()).toEqual([...SOCIAL_PLATFORMS].sort());
    expect(SOCIAL_PLATFORMS.length).toBeGreaterThanOrEqual(20);
    for (const icon of Object.values(SOCIAL_ICONS)) expect(icon.path).toMatch(/^M[0-9.\s,a-zA-Z-]+$/);
    expect(fs.readFileSync(ICONS_FILE, 'utf8')).toBe(fileText());
  });

  it('show an item from its start, up to (not at) its end, and never a hidden one', () => {
    const scheduled = item({ starts_at: 1_000, ends_at: 2_000 });
    expect([999, 1_000, 1_999, 2_000].map((now) => isShownAt(scheduled, now))).toEqual([false, true, true, false]);
    expect(isShownAt(item({ visible: false }), 1_500)).toBe(false);
    expect(isShownAt(item({}), 0)).toBe(true);
  });

  it('find the next start or end among the visible items', () => {
    const items = [
      item({ starts_at: 5_000, ends_at: 9_000 }),
      item({ visible: false, starts_at: 2_000 }),
      item({ ends_at: 7_000 }),
    ];
    expect(nextBoundaryAfter(items, 0)).toBe(5_000);
    expect(nextBoundaryAfter(items, 5_000)).toBe(7_000);
    expect(nextBoundaryAfter(items, 9_000)).toBeNull();
  });
});
