/** The server and the API key, kept in the extension's local storage (never synced). */

export interface Settings {
  /** An origin, as serverOrigin (redirector/contract/extension.ts) made it. */
  server: string;
  key: string;
}

export async function readSettings(): Promise<Settings | undefined> {
  const stored = await chrome.storage.local.get(['server', 'key']);
  const { server, key } = stored;
  return typeof server === 'string' && typeof key === 'string' && server && key ? { server, key } : undefined;
}

export async function saveSettings(settings: Settings): Promise<void> {
  await chrome.storage.local.set({ server: settings.server, key: settings.key });
}
