/** The hub's colours (docs/api.md#the-hub): every text at 4.5:1 or more, whatever the accent. */
import { describe, expect, it } from 'vitest';
import { contrastRatio, hubPalette, MIN_TEXT_CONTRAST, readableTextOn } from '../../../../redirector/contract/contrast';

const hex = (r: number, g: number, b: number) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** Every 17th step of each channel (4,913 colours), plus the hardest mid-greys around luminance 0.18. */
function accents(): string[] {
  const steps = Array.from({ length: 16 }, (_, i) => i * 17);
  const colours = steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => hex(r, g, b))));
  for (let grey = 100; grey <= 140; grey++) colours.push(hex(grey, grey, grey));
  return colours;
}

describe('contrastRatio', () => {
  it('follows WCAG 2', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#2563eb', '#ffffff')).toBeCloseTo(5.17, 2);
  });
});

describe('hubPalette', () => {
  it('keeps text on the accent at 4.5:1 or more for every accent', () => {
    for (const accent of accents()) {
      const palette = hubPalette(accent, 'light');
      expect([accent, contrastRatio(palette.onAccent, accent) >= MIN_TEXT_CONTRAST]).toEqual([accent, true]);
    }
  });

  it('keeps the page text at 4.5:1 or more against its background in both schemes', () => {
    for (const scheme of ['light', 'dark'] as const) {
      const palette = hubPalette('#ffcc00', scheme);
      expect(contrastRatio(palette.text, palette.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(palette.muted, palette.background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('writes black on light accents and white on dark ones', () => {
    expect(readableTextOn('#ffff00')).toBe('#000000');
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(hubPalette('#ffff00', 'dark').onAccent).toBe('#000000');
  });
});
