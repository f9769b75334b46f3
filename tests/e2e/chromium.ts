/**
 * The Chromium every browser test runs (playwright.config.ts, and the extension's own context in
 * extensionHelpers.ts): CHROMIUM_PATH or the system's, without sandbox, GPU, background traffic or QUIC.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
