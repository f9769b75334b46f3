import { describe, expect, it } from 'vitest';
import { aboutText, appMenuTemplate, changeServerLabel } from '../../../main/appMenu';
import { spikeAlert } from '../../../main/spikeAlert';
import { describeReading } from '../../../main/tray';

describe('spikeAlert', () => {
  it('notifies once on the way up, again only after falling back to the threshold', () => {
    let above = false;
    const notified: number[] = [];
    for (const clicksPerMinute of [0, 4, 6, 9, 5, 5, 7, 3]) {
      const decision = spikeAlert(above, clicksPerMinute, 5);
      above = decision.above;
      if (decision.notify) notified.push(clicksPerMinute);
    }
    expect(notified).toEqual([6, 7]);
  });

  it('never notifies without a threshold', () => {
    expect(spikeAlert(false, 1_000, null)).toEqual({ above: false, notify: false });
  });
});

describe('describeReading', () => {
  it('puts the number of visitors beside the icon and names the server', () => {
    expect(
      describeReading({ status: 'online', baseUrl: 'https://me.example.com', activeVisitors: 1, clicksPerMinute: 0 }),
    ).toEqual({ title: '1', status: '1 visitor online on me.example.com' });
    expect(describeReading({ status: 'signed-out', baseUrl: 'http://localhost:8080' }).status).toBe(
      'Signed out of localhost:8080: open Me to connect again',
    );
    expect(describeReading({ status: 'paused' })).toEqual({ title: '', status: 'Monitoring paused' });
  });
});

describe('appMenuTemplate', () => {
  const calls: string[] = [];
  const actions = {
    reload: () => calls.push('reload'),
    changeServer: () => calls.push('changeServer'),
    about: () => calls.push('about'),
    quit: () => calls.push('quit'),
  };
  type Item = { label?: string; role?: string; submenu?: Item[]; click?: () => void };
  const labels = (items: Item[]): string[] =>
    items.flatMap((item) => [item.label ?? item.role ?? '-', ...labels(item.submenu ?? [])]);
  const clickAll = (items: Item[]) => {
    for (const item of items) {
      (item.click as (() => void) | undefined)?.();
      clickAll(item.submenu ?? []);
    }
  };

  it('offers Reload, Change server…, About and Quit on every platform, each wired to its action', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const template = appMenuTemplate(platform, actions) as Item[];
      expect(labels(template)).toEqual(expect.arrayContaining(['Reload', changeServerLabel(), 'About Me', 'Quit Me']));
      expect(labels(template)).toContain('editMenu');
      calls.length = 0;
      clickAll(template);
      expect(calls.sort()).toEqual(['about', 'changeServer', 'quit', 'reload']);
    }
  });

  it('puts About first in the macOS app menu', () => {
    expect(labels(appMenuTemplate('darwin', actions) as Item[]).slice(0, 2)).toEqual(['Me', 'About Me']);
  });

  it('shows the version and the server in About', () => {
    expect(aboutText('1.2.3', 'https://me.example.com')).toContain('Me 1.2.3');
    expect(aboutText('1.2.3', 'https://me.example.com')).toContain('Connected to https://me.example.com');
    expect(aboutText('1.2.3', null)).toContain('Not connected to a server');
  });
});
