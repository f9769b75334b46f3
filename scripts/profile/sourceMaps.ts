/**
 * The original source of a place in the server's build (dist/server, built with source maps):
 * `file:///…/dist/server/chunks/x.js` line 12 column 3 → `redirector/events/webhookWorker.ts`.
 * Each build file's map is read once; a file without one is its own source.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { FramePlace } from './perfStacks';

export function createSourceLookup(root: string): (place: FramePlace) => string | undefined {
  const maps = new Map<string, TraceMap | null>();

  function mapOf(file: string): TraceMap | null {
    let map = maps.get(file);
    if (map === undefined) {
      const mapFile = `${file}.map`;
      map = fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8'), mapFile) : null;
      maps.set(file, map);
    }
    return map;
  }

  return (place) => {
    const file = place.file.startsWith('file://') ? fileURLToPath(place.file) : place.file;
    if (!path.isAbsolute(file)) return undefined;
    const map = mapOf(file);
    // V8's columns count from 1, the map's from 0.
    const found = map ? originalPositionFor(map, { line: place.line, column: Math.max(0, place.column - 1) }) : null;
    const source = found?.source ? path.resolve(path.dirname(file), found.source) : file;
    return path.relative(root, source).split(path.sep).join('/');
  };
}
