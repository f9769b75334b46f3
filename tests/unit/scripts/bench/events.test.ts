import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  behindPace,
  chunkIds,
  type EventsFigures,
  eventsJson,
  eventsLines,
  eventsSideName,
  idAcross,
  lastEventId,
  openStream,
  pacedRate,
  statusOf,
} from '../../../../scripts/bench/events';

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

describe('idAcross', () => {
  it('reads an id line cut between two chunks', () => {
    expect(idAcross(bytes('data: {}\n\nid: 12'), bytes('34\nevent: click\n'))).toBe(1234);
  });

  it('gives 0 when no id line crosses (the cut is after a whole line, or nothing came before)', () => {
    expect(idAcross(bytes('\n'), bytes('event: click\ndata: {}\n'))).toBe(0);
    expect(idAcross(new Uint8Array(0), bytes('id: 5\n'))).toBe(0);
    expect(idAcross(bytes('\nid: 7'), bytes('8'))).toBe(0);
  });

  it('reads the whole stream as its chunks: the highest id whichever way the bytes are cut', () => {
    const stream = bytes(
      Array.from({ length: 40 }, (_, i) => `id: ${i + 1}\nevent: click\ndata: {"id":${i + 1}}\n\n`).join(''),
    );
    for (const size of [1, 2, 3, 7, 13, 64]) {
      const ids = chunkIds();
      let highest = 0;
      for (let at = 0; at < stream.length; at += size) {
        highest = Math.max(highest, ids(Buffer.from(stream.subarray(at, at + size))));
      }
      expect(highest, `chunks of ${size} bytes`).toBe(40);
    }
  });
});

describe('statusOf', () => {
  it("reads an answer's status from its first bytes", () => {
    expect(statusOf(bytes('HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n'))).toBe(200);
    expect(statusOf(bytes('HTTP/1.1 429 Too Many Requests\r\n'))).toBe(429);
    expect(statusOf(bytes('garbage'))).toBe(0);
  });
});

describe('openStream', () => {
  /** A server on loopback that answers every connection with `parts`, written apart. */
  async function answering(parts: string[]): Promise<{ base: string; close(): void }> {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.once('data', async () => {
        for (const part of parts) {
          socket.write(part);
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return {
      base: `http://127.0.0.1:${port}`,
      close: () => {
        for (const socket of sockets) socket.destroy();
        server.close();
      },
    };
  }

  it('reads a status line that comes in pieces, then hands over every byte', async () => {
    const server = await answering([
      'HTTP/1.',
      '1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n',
      'id: 5\nevent: click\n\n',
    ]);
    const seen: Buffer[] = [];
    // Until the last part's id is read (the test's timeout if it never is), however slow the machine.
    let lastRead: () => void = () => undefined;
    const lastPart = new Promise<void>((resolve) => {
      lastRead = resolve;
    });
    const socket = await openStream(server.base, { 'X-API-Key': 'k' }, (bytes) => {
      seen.push(bytes);
      if (lastEventId(Buffer.concat(seen)) === 5) lastRead();
    });
    await lastPart;
    socket.destroy();
    server.close();
    const all = Buffer.concat(seen).toString();
    expect(all.startsWith('HTTP/1.1 200 OK')).toBe(true);
    expect(lastEventId(Buffer.concat(seen))).toBe(5);
  });

  it('refuses a stream that is not answered 200', async () => {
    const server = await answering(['HTTP/1.1 429 Too Many Requests\r\n\r\n']);
    await expect(openStream(server.base, {}, () => undefined)).rejects.toThrow('a stream answered 429');
    server.close();
  });
});

describe('the pace', () => {
  it("is the share of the plain server's median unpaced rate, in hundreds, at least 100", () => {
    expect(pacedRate([28_450, 27_100, 29_020], 0.5)).toBe(14_200);
    expect(pacedRate([22_880, 23_500, 21_000], 0.35)).toBe(8_000);
    expect(pacedRate([150, 120, 90], 0.5)).toBe(100);
  });

  it('says which server did not keep it, and nothing when both did', () => {
    expect(behindPace({ perSecond: 11_100, plainRps: 11_098, eventsRps: 10_890 })).toEqual([]);
    const [line, ...rest] = behindPace({ perSecond: 11_100, plainRps: 11_098, eventsRps: 10_221 });
    expect(rest).toEqual([]);
    expect(line).toContain('answered a second: with events 10,221)');
    expect(line).not.toContain('without events');
    expect(behindPace({ perSecond: 11_100, plainRps: 9_000, eventsRps: 8_000 })[0]).toContain(
      'without events 9,000, with events 8,000',
    );
  });

  const figures: EventsFigures = {
    plainCpuUs: 77.9,
    eventsCpuUs: 82.6,
    cpuRatio: 1.188,
    plainRps: 7_999,
    eventsRps: 7_999,
    perSecond: 8_000,
    paceShare: 0.35,
    plainUnpacedCpuUs: 42.8,
    plainUnpacedRps: 22_880,
    eventsUnpacedCpuUs: 62.5,
    eventsUnpacedRps: 14_354,
    backlogDrainS: 0.6,
    streams: 100,
    clicksDelivered: 1_023_290,
    clickMessages: 10_270,
    without: [],
  };

  it('is printed and written with its share', () => {
    const lines = eventsLines(figures);
    expect(lines).toContain(
      "  both paced to 8,000 req/s (0.35 × the plain server's unpaced 22,880 req/s, 42.8 CPU µs/req)",
    );
    expect(lines.some((line) => line.includes('pace not kept'))).toBe(false);
    expect(eventsLines({ ...figures, eventsRps: 7_000 }).some((line) => line.includes('pace not kept'))).toBe(true);
    expect(eventsJson(figures)).toMatchObject({ paced_rps: 8_000, pace_share: 0.35, without: [] });
    expect(lines).toContain('  CPU µs/req without events 77.9, with 82.6: ratio 1.188 (target ≤ 1.1: MISSED)');
  });

  it('says a run without a part is not judged against the target, and names the parts', () => {
    const without = eventsLines({ ...figures, cpuRatio: 1.02, without: ['webhook', 'streams'], streams: 0 });
    expect(without[0]).toBe(
      'Events: no webhook (--events-without), no broker (none answered) and 0 open streams, medians',
    );
    expect(without).toContain(
      '  CPU µs/req without events 77.9, with 82.6: ratio 1.020 (target ≤ 1.1: not judged: without the webhook, streams)',
    );
    expect(without).toContain('  webhook backlog: no webhook');
    expect(eventsLines({ ...figures, without: ['broker'] })[0]).toContain('no broker (--events-without)');
    expect(eventsJson({ ...figures, without: ['broker'] })).toMatchObject({ without: ['broker'] });
  });

  it('names the server with events by the parts it runs without', () => {
    expect(eventsSideName([])).toBe('Me with a link.clicked webhook and 100 streams');
    expect(eventsSideName(['streams'])).toBe('Me with events, without the streams');
    expect(eventsSideName(['webhook', 'broker'])).toBe('Me with events, without the webhook and the broker');
  });
});
