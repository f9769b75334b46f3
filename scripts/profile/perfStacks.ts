/**
 * The samples of `perf script -F tid,ip,sym` (pure): each sample's thread and its frames, innermost
 * first, and the part of the server each is charged to (docs/performance.md#events, "profiling the
 * events"). A JavaScript frame as V8's jitdump names it (`perf inject --jit`) is
 * `JS:<tier><name> <file>:<line>:<column>`, the place where its function starts; the part is read
 * from the source that place maps back to (sourceMaps.ts), so that bundling, renamed functions and
 * functions of the same name in two modules do not blur it.
 */

export interface Sample {
  /** The sample was on the process's main thread (the event loop), not a helper thread. */
  main: boolean;
  /** Symbols, innermost first, each without its offset and module. */
  frames: string[];
}

/** Where a JavaScript frame's function starts, as jitdump names it. */
export interface FramePlace {
  name: string;
  file: string;
  line: number;
  column: number;
}

/**
 * Reads `perf script -F tid,ip,sym` output for the process `pid`: a sample is a line with its
 * thread id, then its frames, each on a line starting with a tab.
 */
export function parsePerfScript(text: string, pid: number): Sample[] {
  const samples: Sample[] = [];
  let current: Sample | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (current) samples.push(current);
      current = undefined;
    } else if (!line.startsWith('\t')) {
      if (current) samples.push(current);
      // The header line: the thread id first (perf script's tid field).
      const tid = Number(line.trim().split(/\s+/)[0]);
      current = { main: tid === pid, frames: [] };
    } else if (current) {
      const symbol = symbolOf(line);
      if (symbol !== undefined) current.frames.push(symbol);
    }
  }
  if (current) samples.push(current);
  return samples;
}

/** `\t7f12ab JS:*workOn file:///…/x.js:12:3+0x2c (/tmp/jitted-1-2.so)` → `JS:*workOn file:///…/x.js:12:3`. */
function symbolOf(line: string): string | undefined {
  const text = line.trim();
  const space = text.indexOf(' ');
  if (space === -1) return undefined;
  return text
    .slice(space + 1)
    .replace(/ \([^()]*\)$/, '')
    .replace(/\+0x[0-9a-f]+$/, '');
}

/** The place of a JavaScript frame; undefined for a native one or one V8 gave no place. */
export function framePlace(frame: string): FramePlace | undefined {
  const match = /^JS:[*^~+]?(.*?) ?(\S+):(\d+):(\d+)$/.exec(frame);
  if (!match) return undefined;
  return { name: match[1]!, file: match[2]!, line: Number(match[3]), column: Number(match[4]) };
}

/** A part of the server and the sources charged to it: the first whose pattern matches wins. */
export interface Part {
  name: string;
  sources: RegExp;
}

/**
 * The parts the events profile tells apart. A sample goes to the part of its innermost frame whose
 * source is named here; frames of other sources (Node's own, the store's executor, shared helpers)
 * are looked through to the caller.
 */
export const EVENT_PARTS: readonly Part[] = [
  { name: 'click texts', sources: /redirector\/events\/(clickJson|clickTexts|eventMessages)\.ts$/ },
  { name: 'recent clicks', sources: /redirector\/storage\/repositories\/(recentClicks|keptClickRing|eventFeed)\.ts$/ },
  {
    name: 'webhook',
    sources:
      /redirector\/(events\/webhook\w*|storage\/repositories\/webhook\w*|outbound\/\w+)\.ts$|node_modules\/standardwebhooks\//,
  },
  {
    name: 'broker',
    sources:
      /redirector\/(events\/brokers\/\w+|storage\/repositories\/brokerOutbox)\.ts$|node_modules\/(ioredis|@ioredis|redis-parser|amqplib|@nats-io|mqtt)\//,
  },
  { name: 'streams', sources: /redirector\/events\/(streamHub|streamChunks|clickGaps|clickHorizon)\.ts$/ },
  { name: 'other events', sources: /redirector\/events\/\w+\.ts$/ },
  { name: 'redirects', sources: /redirector\/(http\/shortLink\/|visits\/|clicks\/)|redirector\/storage\/.*click/i },
];

/** The part a sample is charged to: 'helper threads' off the main thread, 'other' when no frame names one. */
export function partOf(
  sample: Sample,
  sourceOf: (place: FramePlace) => string | undefined,
  parts: readonly Part[] = EVENT_PARTS,
): string {
  if (!sample.main) return 'helper threads';
  for (const frame of sample.frames) {
    const place = framePlace(frame);
    if (!place) continue;
    const source = sourceOf(place) ?? place.file;
    const part = parts.find((candidate) => candidate.sources.test(source));
    if (part) return part.name;
  }
  return 'other';
}

/** Samples per part. */
export function countParts(
  samples: readonly Sample[],
  sourceOf: (place: FramePlace) => string | undefined,
  parts: readonly Part[] = EVENT_PARTS,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sample of samples) {
    const part = partOf(sample, sourceOf, parts);
    counts.set(part, (counts.get(part) ?? 0) + 1);
  }
  return counts;
}
