/** The logger's own rules: credentials in URLs masked, fields named like secrets redacted, the text line. */
import { describe, expect, it } from 'vitest';
import { createLogger, formatText, maskCredentials } from '../../../../redirector/observability/logger';

function capture(format: 'json' | 'text') {
  const out: string[] = [];
  const err: string[] = [];
  const logger = createLogger({
    format,
    stdout: { write: (line: string) => out.push(line) },
    stderr: { write: (line: string) => err.push(line) },
  });
  return { logger, out, err };
}

describe('maskCredentials', () => {
  it.each([
    ['postgres://me:s3cret@db:5432/x', 'postgres://me:***@db:5432/x'],
    ['at postgresql://u:p%40ss@h/db and redis://:pw@cache', 'at postgresql://u:***@h/db and redis://:***@cache'],
    ['postgres://me@db/x', 'postgres://me@db/x'],
    ['no url here: a:b@c', 'no url here: a:b@c'],
  ])('%s', (text, masked) => {
    expect(maskCredentials(text)).toBe(masked);
  });
});

describe('createLogger', () => {
  it('json: one object per line, warnings and errors on stderr, secrets redacted at any depth up to two', () => {
    const { logger, out, err } = capture('json');
    logger.info('hello', { password: 'p1', user: { token: 't1', name: 'n' }, deep: { a: { key: 'k1' } } });
    logger.warn('careful');
    logger.error('failed', { err: Object.assign(new Error('to postgres://a:pw1@h/d'), { code: 'ECONNREFUSED' }) });
    expect(out).toHaveLength(1);
    expect(err).toHaveLength(2);
    const info = JSON.parse(out[0]!);
    expect(info).toMatchObject({
      level: 'info',
      msg: 'hello',
      password: '[redacted]',
      user: { token: '[redacted]', name: 'n' },
    });
    expect(info.deep.a.key).toBe('[redacted]');
    expect(JSON.parse(err[1]!).err).toEqual({
      type: 'Error',
      code: 'ECONNREFUSED',
      message: 'to postgres://a:***@h/d',
    });
    expect(out.concat(err).join('')).not.toMatch(/p1|t1|k1|pw1/);
  });

  it('text: time, me:, the event; an access line as method path status duration', () => {
    const { logger, out, err } = capture('text');
    logger.info('request', { method: 'GET', path: '/api/links', status: 200, durationMs: 1.5 });
    logger.warn('cannot make DATA_DIR private');
    expect(out[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z me: GET \/api\/links 200 1\.5 ms\n$/);
    expect(err[0]).toMatch(/Z me: warning: cannot make DATA_DIR private\n$/);
  });

  it('formatText shows an error as its class, code and message', () => {
    expect(
      formatText({
        level: 'error',
        time: 'T',
        msg: 'lost it',
        err: { type: 'Error', code: 'ECONNRESET', message: 'reset' },
      }),
    ).toBe('T me: lost it (Error ECONNRESET: reset)\n');
  });
});
