/**
 * The tray's path end to end against a real redirector on each store: a connect stored through the
 * desktop state (safeStorage stand-in), the poller reading /api/analytics/realtime with that token,
 * and the tray (Tray, Menu and Notification stand-ins) showing visitors and notifying on a spike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialStore } from '../../../main/credentials';
import { createDesktopState, type DesktopStateStore } from '../../../main/desktopState';
import { createRealtimePoller, type MonitorReading } from '../../../main/realtimePoller';
import { followRealtimeStream } from '../../../main/realtimeStream';
import { createMonitorTray, type TrayMenuItem } from '../../../main/tray';
import { checkServer } from '../../../redirector/contract/desktopConnect';
import { UA } from '../../helpers/visitors';
import { fakeSafeStorage } from '../../unit/main/standIns';
import { type RunningServer, STORE_KINDS } from './servers';

function fakeTray() {
  const seen = { title: '', toolTip: '', menu: [] as TrayMenuItem[], notifications: [] as string[] };
  return {
    seen,
    tray: {
      setTitle(title: string) {
        seen.title = title;
      },
      setToolTip(toolTip: string) {
        seen.toolTip = toolTip;
      },
      setContextMenu(menu: TrayMenuItem[]) {
        seen.menu = menu;
      },
    },
    notify: (title: string, body: string) => void seen.notifications.push(`${title} | ${body}`),
  };
}

async function click(server: RunningServer, shortCode: string, times: number): Promise<void> {
  for (let index = 0; index < times; index += 1) {
    const answer = await fetch(`${server.url}/${shortCode}`, {
      redirect: 'manual',
      headers: { 'User-Agent': UA.desktopChrome },
    });
    expect(answer.status).toBe(302);
  }
  await server.drain();
}

describe.each(STORE_KINDS)('tray monitor on $kind', (kind) => {
  let server: RunningServer;
  let dir: string;
  let state: DesktopStateStore;
  const fake = fakeTray();
  const readings: MonitorReading[] = [];
  let poller: ReturnType<typeof createRealtimePoller>;

  beforeAll(async () => {
    server = await kind.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-desktop-tray-'));
    state = createDesktopState({ dir, credentials: createCredentialStore(fakeSafeStorage()) });
    const monitor = createMonitorTray({
      tray: fake.tray,
      buildMenu: (template) => template,
      notify: fake.notify,
      threshold: () => state.clicksPerMinuteAlert(),
      paused: () => state.monitoringPaused(),
      actions: { open() {}, setPaused: (paused) => state.setMonitoringPaused(paused), quit() {} },
    });
    poller = createRealtimePoller({
      connection: () => state.activeConnection(),
      paused: () => state.monitoringPaused(),
      onReading: (reading) => {
        readings.push(reading);
        monitor.show(reading);
      },
    });
  });
  afterAll(async () => {
    poller.stop();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says "not connected" before a connect, without calling any server', async () => {
    expect(await poller.pollNow()).toEqual({ status: 'not-connected' });
    expect(fake.seen.toolTip).toBe('Me: Not connected to a Me server');
  });

  it('after a connect, shows the visitors online with the stored token', async () => {
    const connected = await checkServer(server.url, server.adminKey);
    if (!connected.ok) throw new Error(connected.message);
    state.apply({
      kind: 'connect',
      baseUrl: connected.baseUrl,
      publicUrl: connected.publicUrl,
      token: connected.token,
    });
    expect(await poller.pollNow()).toEqual({
      status: 'online',
      baseUrl: server.url,
      activeVisitors: 0,
      clicksPerMinute: 0,
    });
    const host = new URL(server.url).host;
    expect(fake.seen).toMatchObject({ title: '0', toolTip: `Me: 0 visitors online on ${host}` });
    expect(fake.seen.menu.map((item) => item.label ?? item.type)).toEqual([
      `0 visitors online on ${host}`,
      'separator',
      'Open Me',
      'Pause monitoring',
      'separator',
      'Quit',
    ]);
  });

  it('counts a visitor and notifies once when clicks per minute pass the threshold', async () => {
    state.apply({ kind: 'alert', clicksPerMinute: 1 });
    const created = await fetch(`${server.url}/api/links`, {
      method: 'POST',
      headers: { 'X-API-Key': server.adminKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Launch', target_url: 'https://example.com/', short_code: 'launch' }),
    });
    expect(created.status).toBe(201);
    // 10 clicks in the last 5 minutes: 2 per minute, above the threshold of 1.
    await click(server, 'launch', 10);
    expect(await poller.pollNow()).toMatchObject({ status: 'online', activeVisitors: 1, clicksPerMinute: 2 });
    expect(fake.seen.title).toBe('1');
    expect(fake.seen.notifications).toEqual([
      `Me: clicks are spiking | 2 clicks per minute on ${new URL(server.url).host} (your alert is above 1).`,
    ]);
    // Still above on the next poll: no second notification for the same spell.
    await poller.pollNow();
    expect(fake.seen.notifications).toHaveLength(1);
  });

  it('pauses from the tray menu: no calls, the tray says so; resuming polls again', async () => {
    fake.seen.menu.find((item) => item.label === 'Pause monitoring')?.click?.();
    expect(state.monitoringPaused()).toBe(true);
    expect(await poller.pollNow()).toEqual({ status: 'paused' });
    expect(fake.seen.menu.find((item) => item.label === 'Pause monitoring')?.checked).toBe(true);
    fake.seen.menu.find((item) => item.label === 'Pause monitoring')?.click?.();
    expect(await poller.pollNow()).toMatchObject({ status: 'online', activeVisitors: 1 });
  });

  it('polls on its own every interval until stopped', async () => {
    const timed = createRealtimePoller({
      connection: () => state.activeConnection(),
      paused: () => false,
      onReading: (reading) => readings.push(reading),
      intervalMs: 50,
    });
    const before = readings.length;
    timed.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    timed.stop();
    const polled = readings.length - before;
    expect(polled).toBeGreaterThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(readings.length - before).toBe(polled);
  });

  it('follows the live stream: a click shows within a second, with no polling while the stream is up', async () => {
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    const shown: MonitorReading[] = [];
    const stream = followRealtimeStream({
      fetch: counting,
      connection: () => state.activeConnection(),
      paused: () => false,
      onClick: () => void followed.pollNow(),
    });
    const followed = createRealtimePoller({
      fetch: counting,
      connection: () => state.activeConnection(),
      paused: () => false,
      onReading: (reading) => shown.push(reading),
      intervalMs: 100,
      streaming: () => stream.up,
    });
    stream.restart();
    const deadline = Date.now() + 5000;
    while (!stream.up && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.up).toBe(true);
    followed.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const startReads = calls.filter((call) => call === '/api/analytics/realtime').length;
    // Quiet for a while: the stream is up, so the 100 ms interval reads nothing.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(calls.filter((call) => call === '/api/analytics/realtime').length).toBe(startReads);
    const before = shown.length;
    const clickedAt = Date.now();
    await click(server, 'launch', 1);
    while (shown.length === before && Date.now() - clickedAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(shown.length).toBeGreaterThan(before);
    expect(Date.now() - clickedAt).toBeLessThan(1000);
    expect(calls.filter((call) => call === '/api/stream')).toHaveLength(1);
    followed.stop();
    stream.stop();
  });

  it('says signed out once the session token is revoked', async () => {
    const token = state.get().token;
    expect(token).not.toBeNull();
    const logout = await fetch(`${server.url}/api/auth?action=logout`, {
      method: 'POST',
      headers: { 'X-API-Key': token as string },
    });
    expect(logout.status).toBe(200);
    expect(await poller.pollNow()).toEqual({ status: 'signed-out', baseUrl: server.url });
    expect(fake.seen.title).toBe('');
  });

  it('says unreachable once the server is gone', async () => {
    await server.close();
    server = { ...server, close: async () => {} };
    expect(await poller.pollNow()).toMatchObject({ status: 'unreachable', baseUrl: server.url });
    expect(fake.seen.toolTip).toBe(`Me: Cannot reach ${new URL(server.url).host}`);
  });
});
