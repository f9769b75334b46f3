/**
 * Colours of the hub page (docs/api.md#the-hub), pure: whatever accent a user picks, the text on
 * it and on the page's background keeps WCAG 2's contrast of at least 4.5:1. For any colour, black
 * or white text reaches at least 4.58:1 (the worst case is a luminance of about 0.18), so the
 * button text is whichever of the two contrasts more.
 */
export const MIN_TEXT_CONTRAST = 4.5;

export interface HubPalette {
  background: string;
  /** Titles and button borders. */
  text: string;
  /** The bio and the footer. */
  muted: string;
  /** The buttons' fill: the accent. */
  accent: string;
  /** Text on the accent. */
  onAccent: string;
}

/** The page's own colours for each scheme; each text colour is over 4.5:1 against its background. */
const SCHEMES = {
  light: { background: '#ffffff', text: '#111827', muted: '#4b5563' },
  dark: { background: '#0f172a', text: '#f8fafc', muted: '#cbd5e1' },
} as const;

export type ColorScheme = keyof typeof SCHEMES;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1–21. */
export function contrastRatio(first: string, second: string): number {
  const [a, b] = [relativeLuminance(first), relativeLuminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Black or white, whichever reads better on `background`. */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

export function hubPalette(accent: string, scheme: ColorScheme): HubPalette {
  const colours = SCHEMES[scheme];
  return { ...colours, accent, onAccent: readableTextOn(accent) };
}
