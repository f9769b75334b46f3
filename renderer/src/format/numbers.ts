/** Numbers for people, in the UI's language (format/locale.ts). */
import { activeFormatLocale } from './locale';

export function formatNumber(value: number, locale: string | undefined = activeFormatLocale()): string {
  return new Intl.NumberFormat(locale).format(Number.isFinite(value) ? value : 0);
}

/** A fraction 0–1 as a percentage: 0.4567 → '45.7%'. */
export function formatPercent(fraction: number, digits = 1, locale: string | undefined = activeFormatLocale()): string {
  const value = Number.isFinite(fraction) ? fraction : 0;
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  }).format(value);
}

/** '1 click' / '12 clicks' */
export function plural(
  count: number,
  one: string,
  many: string,
  locale: string | undefined = activeFormatLocale(),
): string {
  return `${formatNumber(count, locale)} ${count === 1 ? one : many}`;
}
