/**
 * The window's size, position and maximised state, remembered in userData/window-state.json. A
 * position is only reused while enough of the window lands on a connected screen (a monitor that
 * was unplugged must not leave the window off-screen). Electron's screen and window come in as data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeJsonFile } from './settings';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rectangle;
  maximized: boolean;
}

export const WINDOW_STATE_FILE = 'window-state.json';
export const DEFAULT_SIZE = Object.freeze({ width: 1280, height: 860 });
export const MIN_SIZE = Object.freeze({ width: 800, height: 600 });
/** How much of the window must show on one screen for its saved position to be kept. */
const MIN_VISIBLE = Object.freeze({ width: 120, height: 60 });

function isFiniteInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1_000_000;
}

export function parseWindowState(value: unknown): WindowState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { bounds, maximized } = value as { bounds?: Partial<Rectangle>; maximized?: unknown };
  if (!bounds || ![bounds.x, bounds.y, bounds.width, bounds.height].every(isFiniteInt)) return undefined;
  return { bounds: bounds as Rectangle, maximized: maximized === true };
}

export function loadWindowState(dir: string): WindowState | undefined {
  try {
    return parseWindowState(JSON.parse(fs.readFileSync(path.join(dir, WINDOW_STATE_FILE), 'utf8')));
  } catch {
    return undefined;
  }
}

export function saveWindowState(dir: string, state: WindowState): void {
  writeJsonFile(dir, WINDOW_STATE_FILE, state);
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The bounds to open with: the saved size (within the minimum and the largest screen) and, when
 * it still shows on a screen, the saved position; otherwise no position (the system centres it).
 */
export function restoreBounds(
  saved: WindowState | undefined,
  workAreas: readonly Rectangle[],
): { bounds: Partial<Rectangle> & { width: number; height: number }; maximized: boolean } {
  if (!saved) return { bounds: { ...DEFAULT_SIZE }, maximized: false };
  const widest = Math.max(MIN_SIZE.width, ...workAreas.map((area) => area.width));
  const tallest = Math.max(MIN_SIZE.height, ...workAreas.map((area) => area.height));
  const width = Math.min(Math.max(saved.bounds.width, MIN_SIZE.width), widest);
  const height = Math.min(Math.max(saved.bounds.height, MIN_SIZE.height), tallest);
  const placed = { ...saved.bounds, width, height };
  const visible = workAreas.some((area) => {
    const shown = overlap(placed, area);
    return shown.width >= MIN_VISIBLE.width && shown.height >= MIN_VISIBLE.height;
  });
  return { bounds: visible ? placed : { width, height }, maximized: saved.maximized };
}

/** The parts of a BrowserWindow this module uses. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
}

/** Saves the state a moment after the last move or resize, and at once when the window closes. */
export function trackWindowState(window: TrackedWindow, save: (state: WindowState) => void, delayMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveNow = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    // The normal bounds, so a maximised window comes back maximised over the size it had before.
    save({ bounds: window.getNormalBounds(), maximized: window.isMaximized() });
  };
  const saveSoon = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(saveNow, delayMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event, saveSoon);
  window.on('close', saveNow);
}
