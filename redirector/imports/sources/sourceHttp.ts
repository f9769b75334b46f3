/**
 * JSON read from a link shortener's HTTP API for an import (docs/api.md#imports): GET only, to the
 * one address the import checked (the host name still sent, and TLS still verified for it), only
 * on the source's own origin (a page's `next` link elsewhere is refused), 30 s a request and at
 * most 32 MiB an answer. A 429 is waited out as its Retry-After says (seconds or a date; at most
 * 60 s a time, 10 times in a row). Closing the client ends a request or a wait under way. Errors
 * name the status and the path, never a header: the source's key travels in one.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export const SOURCE_TIMEOUT_MS = 30_000;
export const MAX_SOURCE_ANSWER_BYTES = 32 * 1024 * 1024;
const MAX_RETRY_AFTER_MS = 60_000;
const RATE_LIMITED_TRIES = 10;

export class SourceHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SourceHttp {
  /** The JSON at `target` (a path on the source's origin, or an absolute URL on it). */
  get<T>(target: string): Promise<T>;
  close(): void;
}

export interface SourceHttpOptions {
  /** The source's base address (its origin is the only one read). */
  base: URL;
  /** The checked address of its host, connected to instead of resolving the name again. */
  address: string;
  headers: Record<string, string>;
}

/** Retry-After in milliseconds (delay-seconds or an HTTP date), at most MAX_RETRY_AFTER_MS; 1 s when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number {
  const text = (header ?? '').trim();
  let ms = 1000;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else if (text !== '' && Number.isFinite(Date.parse(text))) ms = Math.max(0, Date.parse(text) - now);
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

export function createSourceHttp(options: SourceHttpOptions): SourceHttp {
  const { base, address, headers } = options;
  const family = net.isIP(address);
  const lookup = (_host: string, given: { all?: boolean }, done: (...args: unknown[]) => void) =>
    given.all ? done(null, [{ address, family }]) : done(null, address, family);
  let closed = false;
  const open = new Set<{ end: () => void }>();

  const request = (url: URL) =>
    new Promise<Answer>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        url,
        {
          method: 'GET',
          lookup: lookup as unknown as net.LookupFunction,
          agent: false,
          timeout: SOURCE_TIMEOUT_MS,
          headers: { Accept: 'application/json', 'User-Agent': 'Me-Import', ...headers },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let read = 0;
          answer.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_SOURCE_ANSWER_BYTES) outgoing.destroy(new Error('the answer is over 32 MiB'));
            else chunks.push(chunk);
          });
          answer.on('end', () =>
            resolve({
              status: answer.statusCode ?? 0,
              retryAfter: answer.headers['retry-after'],
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          answer.on('error', reject);
        },
      );
      const handle = { end: () => outgoing.destroy(new Error('the import stopped')) };
      open.add(handle);
      outgoing.on('close', () => open.delete(handle));
      outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')));
      outgoing.on('error', reject);
      outgoing.end();
    });

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const handle = {
        end: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        open.delete(handle);
        resolve();
      }, ms);
      open.add(handle);
    });

  return {
    async get<T>(target: string): Promise<T> {
      const url = new URL(target, base);
      if (url.origin !== base.origin) throw new Error(`The source sent a page on another address (${url.origin})`);
      const path = url.pathname;
      for (let attempt = 1; ; attempt++) {
        if (closed) throw new Error('the import stopped');
        const answer = await request(url);
        if (answer.status === 429 && attempt < RATE_LIMITED_TRIES) {
          await wait(retryAfterMs(answer.retryAfter));
          continue;
        }
        if (answer.status < 200 || answer.status >= 300) {
          throw new SourceHttpError(answer.status, `HTTP ${answer.status} from ${path}`);
        }
        try {
          return JSON.parse(answer.body) as T;
        } catch {
          throw new Error(`${path} did not answer JSON`);
        }
      }
    },
    close() {
      closed = true;
      for (const handle of [...open]) handle.end();
      open.clear();
    },
  };
}
