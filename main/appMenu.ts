/**
 * The application menu: Reload, Change server…, About (with the version) and Quit, plus the
 * standard Edit menu (without it, copy and paste shortcuts do nothing on macOS). A template only:
 * index.ts hands it to Menu.buildFromTemplate.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { desktopTexts } from './language';

export interface AppMenuActions {
  reload(): void;
  changeServer(): void;
  about(): void;
  quit(): void;
}

/** The menu item's words in the language in use ('Change server…' in English). */
export const changeServerLabel = (): string => desktopTexts()('desktopMain.changeServer');

export function appMenuTemplate(platform: NodeJS.Platform, actions: AppMenuActions): MenuItemConstructorOptions[] {
  const t = desktopTexts();
  const about: MenuItemConstructorOptions = { label: t('desktopMain.about'), click: actions.about };
  const changeServer: MenuItemConstructorOptions = {
    label: changeServerLabel(),
    accelerator: 'CmdOrCtrl+Shift+S',
    click: actions.changeServer,
  };
  const quit: MenuItemConstructorOptions = {
    label: t('desktopMain.quit'),
    accelerator: 'CmdOrCtrl+Q',
    click: actions.quit,
  };
  const reload: MenuItemConstructorOptions = {
    label: t('desktopMain.reload'),
    accelerator: 'CmdOrCtrl+R',
    click: actions.reload,
  };
  const edit: MenuItemConstructorOptions = { role: 'editMenu' };
  if (platform === 'darwin') {
    return [
      { label: 'Me', submenu: [about, { type: 'separator' }, changeServer, { type: 'separator' }, quit] },
      edit,
      { label: t('desktopMain.view'), submenu: [reload] },
    ];
  }
  return [
    { label: t('desktopMain.file'), submenu: [changeServer, { type: 'separator' }, quit] },
    edit,
    { label: t('desktopMain.view'), submenu: [reload] },
    { label: t('desktopMain.help'), submenu: [about] },
  ];
}

/** The About box's text. */
export function aboutText(version: string, activeServer: string | null): string {
  const t = desktopTexts();
  const connection = activeServer
    ? t('desktopMain.connectedTo', { server: activeServer })
    : t('desktopMain.notConnected');
  return t('desktopMain.aboutText', { version, connection });
}
