import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIZE,
  loadWindowState,
  type Rectangle,
  restoreBounds,
  saveWindowState,
  trackWindowState,
  WINDOW_STATE_FILE,
  type WindowState,
} from '../../../main/windowState';
import { tempDirMaker } from './tempDirs';

const tempDir = tempDirMaker('me-desktop-window-');

const laptop: Rectangle = { x: 0, y: 0, width: 1440, height: 877 };
const external: Rectangle = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('restoreBounds', () => {
  it('opens at the default size, centred, the first time', () => {
    expect(restoreBounds(undefined, [laptop])).toEqual({ bounds: { ...DEFAULT_SIZE }, maximized: false });
  });

  it('reopens where it was while that place is on a screen', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1400, height: 900 }, maximized: true };
    expect(restoreBounds(saved, [laptop, external])).toEqual(saved);
  });

  it('drops the position when its screen is gone, and shrinks to the largest screen left', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 2400, height: 1300 }, maximized: false };
    expect(restoreBounds(saved, [laptop])).toEqual({ bounds: { width: 1440, height: 877 }, maximized: false });
  });

  it('drops a position that would leave only a sliver on screen, and never goes below the minimum size', () => {
    const sliver = { bounds: { x: 1400, y: 850, width: 300, height: 200 }, maximized: false };
    expect(restoreBounds(sliver, [laptop]).bounds).toEqual({ width: 800, height: 600 });
  });
});

describe('loadWindowState / saveWindowState', () => {
  it('round-trips, and ignores a missing or broken file', () => {
    const dir = tempDir();
    expect(loadWindowState(dir)).toBeUndefined();
    const state = { bounds: { x: -1200, y: 40, width: 1100, height: 760 }, maximized: false };
    saveWindowState(dir, state);
    expect(loadWindowState(dir)).toEqual(state);
    fs.writeFileSync(path.join(dir, WINDOW_STATE_FILE), '{"bounds":{"x":"1"}}');
    expect(loadWindowState(dir)).toBeUndefined();
  });
});

describe('trackWindowState', () => {
  it('saves once after a burst of moves, and at once on close, with the normal bounds', async () => {
    const listeners = new Map<string, (() => void)[]>();
    let bounds = { x: 0, y: 0, width: 900, height: 700 };
    let maximized = false;
    const window = {
      on(event: string, listener: () => void) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      },
      getNormalBounds: () => bounds,
      isMaximized: () => maximized,
    };
    const fire = (event: string) => {
      for (const listener of listeners.get(event) ?? []) listener();
    };
    const saved: WindowState[] = [];
    trackWindowState(window, (state) => saved.push(state), 20);
    for (let x = 0; x < 5; x += 1) {
      bounds = { ...bounds, x };
      fire('move');
    }
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(saved).toEqual([{ bounds: { x: 4, y: 0, width: 900, height: 700 }, maximized: false }]);
    maximized = true;
    fire('maximize');
    fire('close');
    expect(saved.at(-1)).toEqual({ bounds: { x: 4, y: 0, width: 900, height: 700 }, maximized: true });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(saved).toHaveLength(2);
  });
});
