/** Numbers for people, in the visitor's locale. */

export function formatNumber(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(Number.isFinite(value) ? value : 0);
}

/** A fraction 0–1 as a percentage: 0.4567 → '45.7%'. */
export function formatPercent(fraction: number, digits = 1, locale?: string): string {
  const value = Number.isFinite(fraction) ? fraction : 0;
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  }).format(value);
}

/** '1 click' / '12 clicks' */
export function plural(count: number, one: string, many: string, locale?: string): string {
  return `${formatNumber(count, locale)} ${count === 1 ? one : many}`;
}
