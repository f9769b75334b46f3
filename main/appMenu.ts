/**
 * The application menu: Reload, Change server…, About (with the version) and Quit, plus the
 * standard Edit menu (without it, copy and paste shortcuts do nothing on macOS). A template only:
 * index.ts hands it to Menu.buildFromTemplate.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuActions {
  reload(): void;
  changeServer(): void;
  about(): void;
  quit(): void;
}

export const CHANGE_SERVER_LABEL = 'Change server…';

export function appMenuTemplate(platform: NodeJS.Platform, actions: AppMenuActions): MenuItemConstructorOptions[] {
  const about: MenuItemConstructorOptions = { label: 'About Me', click: actions.about };
  const changeServer: MenuItemConstructorOptions = {
    label: CHANGE_SERVER_LABEL,
    accelerator: 'CmdOrCtrl+Shift+S',
    click: actions.changeServer,
  };
  const quit: MenuItemConstructorOptions = { label: 'Quit Me', accelerator: 'CmdOrCtrl+Q', click: actions.quit };
  const reload: MenuItemConstructorOptions = { label: 'Reload', accelerator: 'CmdOrCtrl+R', click: actions.reload };
  const edit: MenuItemConstructorOptions = { role: 'editMenu' };
  if (platform === 'darwin') {
    return [
      { label: 'Me', submenu: [about, { type: 'separator' }, changeServer, { type: 'separator' }, quit] },
      edit,
      { label: 'View', submenu: [reload] },
    ];
  }
  return [
    { label: 'File', submenu: [changeServer, { type: 'separator' }, quit] },
    edit,
    { label: 'View', submenu: [reload] },
    { label: 'Help', submenu: [about] },
  ];
}

/** The About box's text. */
export function aboutText(version: string, activeServer: string | null): string {
  return `Me ${version}\nA self-hosted link shortener with click analytics.\n${
    activeServer ? `Connected to ${activeServer}` : 'Not connected to a server'
  }`;
}
