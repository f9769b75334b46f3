/**
 * The locale dates and numbers are formatted in: the UI's language (set by i18n/index.ts), with
 * the browser's region when it speaks that language. Undefined until then: the browser's default.
 */
let formatLocale: string | undefined;

export function setFormatLocale(locale: string | undefined): void {
  formatLocale = locale;
}

export function activeFormatLocale(): string | undefined {
  return formatLocale;
}
