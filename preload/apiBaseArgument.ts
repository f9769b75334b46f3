/**
 * How main hands the API's address to the sandboxed preload: one extra command-line argument of
 * the renderer process (webPreferences.additionalArguments), read back from process.argv. This
 * file has no imports so that main and the sandboxed preload bundle can both use it.
 */
const PREFIX = '--me-api-base-url=';

export function apiBaseArgument(apiBaseUrl: string): string {
  return `${PREFIX}${apiBaseUrl}`;
}

/** The URL from the renderer's argv; '' (the page's own origin) when main passed none. */
export function readApiBaseUrl(argv: readonly string[]): string {
  const argument = argv.find((value) => value.startsWith(PREFIX));
  return argument === undefined ? '' : argument.slice(PREFIX.length);
}
