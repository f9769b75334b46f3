import { describe, expect, it } from 'vitest';
import { lastEventId } from '../../../../scripts/bench/events';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('lastEventId', () => {
  it('reads the highest complete id line of a stream chunk, as bytes', () => {
    const chunk = 'retry: 2000\n\nid: 7\nevent: click\ndata: {"id":7}\n\nid: 12\nevent: click\ndata: {"id":12}\n\n';
    expect(lastEventId(bytes(chunk))).toBe(12);
  });

  it('skips an id line cut at the end of a chunk and reads the one before it', () => {
    expect(lastEventId(bytes('\nid: 41\nevent: click\ndata: {}\n\nid: 4'))).toBe(41);
  });

  it('gives 0 when the chunk holds no id line (a keep-alive, a link event)', () => {
    expect(lastEventId(bytes(': keep-alive\n\n'))).toBe(0);
    expect(lastEventId(bytes('\nevent: link\ndata: {"id":9}\n\n'))).toBe(0);
  });

  it('reads a subarray at its own offset', () => {
    const whole = bytes('xxxx\nid: 99\n\nid: 5\n');
    expect(lastEventId(whole.subarray(0, 13))).toBe(99);
  });
});
