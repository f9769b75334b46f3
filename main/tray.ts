/**
 * The tray icon: the number of visitors online, a menu (Open, Pause monitoring, Quit), and a
 * notification when clicks per minute rise above the admin's threshold. Electron's Tray, Menu and
 * Notification come in as parameters.
 */

import { desktopTexts } from './language';
import type { MonitorReading } from './realtimePoller';
import { spikeAlert } from './spikeAlert';

/** The parts of Electron's Tray this module uses. */
export interface TrayLike<Menu> {
  setToolTip(toolTip: string): void;
  /** Text beside the icon (macOS menu bar, Linux AppIndicator); ignored elsewhere. */
  setTitle(title: string): void;
  setContextMenu(menu: Menu): void;
}

export interface TrayMenuItem {
  label?: string;
  type?: 'normal' | 'checkbox' | 'separator';
  checked?: boolean;
  enabled?: boolean;
  click?: () => void;
}

export interface MonitorTrayOptions<Menu> {
  tray: TrayLike<Menu>;
  /** Menu.buildFromTemplate. */
  buildMenu: (template: TrayMenuItem[]) => Menu;
  /** Shows a desktop notification (new Notification(...).show()); absent where unsupported. */
  notify?: (title: string, body: string) => void;
  threshold: () => number | null;
  paused: () => boolean;
  actions: { open(): void; setPaused(paused: boolean): void; quit(): void };
}

export interface MonitorTray {
  show(reading: MonitorReading): void;
  /** Draws the last reading again in the language now in use (language.ts), notifying nothing. */
  redraw(): void;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The tray's words for a reading: the number beside the icon and the status line. */
export function describeReading(reading: MonitorReading): { title: string; status: string } {
  const t = desktopTexts();
  switch (reading.status) {
    case 'online':
      return {
        title: String(reading.activeVisitors),
        status: t('desktopMain.visitorsOnline', { count: reading.activeVisitors, host: hostOf(reading.baseUrl) }),
      };
    case 'signed-out':
      return { title: '', status: t('desktopMain.signedOut', { host: hostOf(reading.baseUrl) }) };
    case 'unreachable':
      return { title: '–', status: t('desktopMain.unreachable', { host: hostOf(reading.baseUrl) }) };
    case 'not-connected':
      return { title: '', status: t('desktopMain.notConnectedTray') };
    case 'paused':
      return { title: '', status: t('desktopMain.paused') };
  }
}

export function createMonitorTray<Menu>(options: MonitorTrayOptions<Menu>): MonitorTray {
  const { tray, actions } = options;
  let above = false;
  let last: MonitorReading | undefined;
  const draw = (reading: MonitorReading): void => {
    const t = desktopTexts();
    const { title, status } = describeReading(reading);
    tray.setTitle(title);
    tray.setToolTip(`Me: ${status}`);
    tray.setContextMenu(
      options.buildMenu([
        { label: status, enabled: false },
        { type: 'separator' },
        { label: t('desktopMain.open'), click: actions.open },
        {
          label: t('desktopMain.pause'),
          type: 'checkbox',
          checked: options.paused(),
          click: () => actions.setPaused(!options.paused()),
        },
        { type: 'separator' },
        { label: t('desktopMain.quitTray'), click: actions.quit },
      ]),
    );
  };
  return {
    redraw() {
      if (last) draw(last);
    },
    show(reading) {
      last = reading;
      draw(reading);
      if (reading.status !== 'online') {
        // After a gap in the readings a spike is news again.
        above = false;
        return;
      }
      const threshold = options.threshold();
      const decision = spikeAlert(above, reading.clicksPerMinute, threshold);
      above = decision.above;
      if (decision.notify && options.notify) {
        const t = desktopTexts();
        options.notify(
          t('desktopMain.spikeTitle'),
          t('desktopMain.spikeBody', { count: reading.clicksPerMinute, host: hostOf(reading.baseUrl), threshold }),
        );
      }
    },
  };
}
