/**
 * The service's version, as package.json names it (a unit test keeps the two equal): written here
 * rather than imported, so every loader (the server bundle, vitest, Playwright) reads it alike.
 */
export const VERSION = '0.1.0';
