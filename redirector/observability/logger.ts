/**
 * The service's one logger (pino): an access line per /api request and a line per server event,
 * as JSON (`LOG_FORMAT=json`, one object per line) or as one readable line (`text`). Warnings and
 * errors go to stderr, the rest to stdout. Nothing secret reaches a line (docs/api.md#running-it):
 * callers log names, paths without query and error classes; the redaction below and the error
 * serializer are the second line of defence for objects that slip in.
 */
import pino from 'pino';
import { unlessOutage } from './databaseOutage';

export type LogFormat = 'json' | 'text';
export const LOG_FORMATS: readonly LogFormat[] = ['json', 'text'];

/** Fields of a line; `err` is shown as its class, code and a message with credentials masked. */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A reason the service cannot start or go on; the caller exits. */
  fatal(message: string, fields?: LogFields): void;
}

export interface LineSink {
  write(line: string): unknown;
}

export interface LoggerOptions {
  format: LogFormat;
  stdout?: LineSink;
  stderr?: LineSink;
}

const SECRET_KEYS = [
  'password',
  'newPassword',
  'token',
  'key',
  'apiKey',
  'adminKey',
  'authorization',
  'cookie',
  'body',
  'databaseUrl',
  'DATABASE_URL',
  'ADMIN_KEY',
  'METRICS_TOKEN',
  'smtpUrl',
  'SMTP_URL',
];
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/** `scheme://user:password@host` → `scheme://user:***@host`, wherever a URL sits in a message. */
export function maskCredentials(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#@\s]*:)[^@/?#\s]*@/gi, '$1***@');
}

function serializeError(error: unknown): LogFields {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.constructor.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    message: maskCredentials(error.message).slice(0, 300),
  };
}

/** One readable line: time, `me:`, the message (an access line: method path status duration). */
export function formatText(entry: Record<string, unknown>): string {
  const level = typeof entry.level === 'string' ? entry.level : 'info';
  let text = String(entry.msg ?? '');
  if (typeof entry.method === 'string' && typeof entry.status === 'number') {
    text = `${entry.method} ${entry.path} ${entry.status} ${entry.durationMs} ms`;
  }
  const err = entry.err as { type?: string; code?: unknown; message?: string } | undefined;
  if (err?.type)
    text += ` (${err.type}${err.code !== undefined ? ` ${err.code}` : ''}${err.message ? `: ${err.message}` : ''})`;
  if (typeof entry.frames === 'string' && entry.frames) text += ` ${entry.frames}`;
  return `${entry.time} me: ${level === 'warn' ? 'warning: ' : ''}${text}\n`;
}

export function createLogger(options: LoggerOptions): Logger {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const destination = {
    write(line: string) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      const toStderr = entry.level === 'warn' || entry.level === 'error' || entry.level === 'fatal';
      (toStderr ? stderr : stdout).write(options.format === 'json' ? line : formatText(entry));
    },
  };
  const logger = pino(
    {
      level: 'info',
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination,
  );
  return {
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
    fatal: (message, fields) => logger.fatal(fields ?? {}, message),
  };
}

let current: Logger = createLogger({ format: 'text' });

/** The process's logger: text on stdout and stderr until server.ts picks LOG_FORMAT. */
export const log: Logger = {
  info: (message, fields) => current.info(message, fields),
  warn: (message, fields) => current.warn(message, fields),
  error: (message, fields) => current.error(message, fields),
  fatal: (message, fields) => current.fatal(message, fields),
};

/** Makes `logger` the process's logger; returns a function that puts the previous one back. */
export function setLogger(logger: Logger): () => void {
  const previous = current;
  current = logger;
  return () => {
    current = previous;
  };
}

/** For the stores' and the click recorder's `log` option: a problem, with the error when there is one. */
export function logProblem(message: string, error?: unknown): void {
  // An outage of the database is told by its own two lines (databaseOutage.ts), not by each part it breaks.
  if (error === undefined || error === '') log.warn(message);
  else unlessOutage(error, () => log.error(message, { err: error }));
}
