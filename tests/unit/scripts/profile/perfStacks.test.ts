import { describe, expect, it } from 'vitest';
import { countParts, framePlace, parsePerfScript, partOf } from '../../../../scripts/profile/perfStacks';

/** Three samples as `perf script -F tid,ip,sym` writes them after `perf inject --jit`: two of pid 100's main thread, one of a helper. */
const SCRIPT = [
  '100 ',
  '\tffffffff8224 pvm_irq_enable',
  '\t7f0012 JS:*writeClickJson file:///app/dist/server/chunks/services-X.js:40:7+0x2c (/tmp/jitted-100-1.so)',
  '\t7f0034 JS:*poll file:///app/dist/server/chunks/services-X.js:90:3+0x10 (/tmp/jitted-100-2.so)',
  '\t7bbbe6 node::SpinEventLoopInternal (/usr/bin/node)',
  '',
  '  101 ',
  '\t7f9999 v8::internal::ConcurrentMarking::RunMajor (/usr/bin/node)',
  '',
  '100 ',
  '\t7f0056 JS:*Socket._writeGeneric node:net:927:42+0x8 (/tmp/jitted-100-3.so)',
  '\t7f0078 JS:^ file:///app/dist/server/chunks/services-X.js:200:1 (/tmp/jitted-100-4.so)',
  '',
].join('\n');

/** The build's places as its source map would give them. */
const SOURCES: Record<number, string> = {
  40: 'redirector/events/clickJson.ts',
  90: 'redirector/events/streamHub.ts',
  200: 'redirector/events/webhookSender.ts',
};
const sourceOf = (place: { file: string; line: number }) =>
  place.file.startsWith('file://') ? SOURCES[place.line] : undefined;

describe('parsePerfScript', () => {
  it('reads each sample: its thread, its frames innermost first, without offsets and modules', () => {
    const samples = parsePerfScript(SCRIPT, 100);
    expect(samples.map((sample) => sample.main)).toEqual([true, false, true]);
    expect(samples[0]!.frames).toEqual([
      'pvm_irq_enable',
      'JS:*writeClickJson file:///app/dist/server/chunks/services-X.js:40:7',
      'JS:*poll file:///app/dist/server/chunks/services-X.js:90:3',
      'node::SpinEventLoopInternal',
    ]);
    expect(samples[2]!.frames[0]).toBe('JS:*Socket._writeGeneric node:net:927:42');
  });
});

describe('framePlace', () => {
  it("reads a JavaScript frame's function, file, line and column; none for a native frame", () => {
    expect(framePlace('JS:*Socket._writeGeneric node:net:927:42')).toEqual({
      name: 'Socket._writeGeneric',
      file: 'node:net',
      line: 927,
      column: 42,
    });
    expect(framePlace('JS:^ file:///a/b.js:3:1')).toEqual({ name: '', file: 'file:///a/b.js', line: 3, column: 1 });
    expect(framePlace('v8::internal::Heap::CollectGarbage')).toBeUndefined();
  });
});

describe('partOf', () => {
  it("charges a sample to the part of its innermost frame whose source is named, looking through Node's own", () => {
    const [texts, helper, webhook] = parsePerfScript(SCRIPT, 100);
    // Called by the stream's poll, but made in clickJson.ts: the click texts' part.
    expect(partOf(texts!, sourceOf)).toBe('click texts');
    expect(partOf(helper!, sourceOf)).toBe('helper threads');
    // node:net's frame is looked through to the webhook's sender that wrote.
    expect(partOf(webhook!, sourceOf)).toBe('webhook');
    expect(partOf({ main: true, frames: ['JS:*listOnTimeout node:internal/timers:1:1', 'uv_run'] }, sourceOf)).toBe(
      'other',
    );
  });

  it('counts the samples of each part', () => {
    expect(countParts(parsePerfScript(SCRIPT, 100), sourceOf)).toEqual(
      new Map([
        ['click texts', 1],
        ['helper threads', 1],
        ['webhook', 1],
      ]),
    );
  });
});
