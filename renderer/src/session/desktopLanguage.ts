/**
 * The desktop app's native parts (menus, tray, notifications, About) speak the window's language
 * (docs/api.md#languages): the page tells main its language at start and after every switch.
 */
import type { MeDesktopApi } from '../../../redirector/contract/desktop';
import { currentLanguage, i18next } from '../i18n';

/** Tells main the UI's language now and on every change; returns what stops it. */
export function tellMainTheLanguage(bridge: MeDesktopApi): () => void {
  const tell = () => {
    // Main refuses only a language it has no catalogue for, which the switch never offers; the
    // window keeps working in it either way.
    bridge.set({ kind: 'language', language: currentLanguage() }).catch(() => undefined);
  };
  tell();
  i18next.on('languageChanged', tell);
  return () => i18next.off('languageChanged', tell);
}
