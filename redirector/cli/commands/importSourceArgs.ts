/**
 * What `me import <source>` reads for each source (docs/api.md#imports): its connection from the
 * command line, a secret (a password, an API key, a token) from the environment rather than the
 * command line when given there (other users of the machine can read the process list), and a CSV
 * file from disk with its mapping.
 */
import fs from 'node:fs';
import type { ImportSource } from '../../contract/imports';
import { CliError, type ParsedArgs, usageError } from '../command';

type Options = NonNullable<import('../command').Command['options']>;

export interface SourceArgs {
  usage: string;
  summary: string;
  about: string;
  options: Options;
  /**
   * The connection and the source's options from the arguments and the environment. An option
   * missing or malformed is a wrong command line (exit 2, naming `me <command> --help`).
   */
  read(args: ParsedArgs, env: NodeJS.ProcessEnv, command: string): SourceConnection;
}

export interface SourceConnection {
  connection: Record<string, unknown>;
  options?: Record<string, unknown>;
}

const text = (args: ParsedArgs, name: string) => {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
};

function required(value: string | undefined, what: string, command: string): string {
  if (value === undefined || value === '') throw usageError(`give ${what}`, command);
  return value;
}

const API: Pick<SourceArgs, 'options' | 'read'> = {
  options: { url: { type: 'string' }, 'api-key': { type: 'string' } },
  read: (args, env, command) => ({
    connection: {
      url: required(text(args, 'url'), '--url', command),
      api_key: required(text(args, 'api-key') ?? env.ME_IMPORT_API_KEY, '--api-key or ME_IMPORT_API_KEY', command),
    },
  }),
};

export const SOURCE_ARGS: Record<ImportSource, SourceArgs> = {
  yourls: {
    usage: '[--database-url mysql://user:pass@host:port/db] [--prefix yourls_]',
    summary: 'import the links and clicks of a YOURLS database',
    about: 'The database URL may be given in ME_IMPORT_DATABASE_URL instead of --database-url.',
    options: { 'database-url': { type: 'string' }, prefix: { type: 'string' } },
    read: (args, env, command) => ({
      connection: {
        database_url: required(
          text(args, 'database-url') ?? env.ME_IMPORT_DATABASE_URL,
          '--database-url or ME_IMPORT_DATABASE_URL',
          command,
        ),
        ...(text(args, 'prefix') ? { prefix: text(args, 'prefix') } : {}),
      },
    }),
  },
  kutt: {
    usage: '--url https://kutt.example.com [--api-key <key>]',
    summary: "import the links of a Kutt instance (each link's visit count)",
    about: 'The API key may be given in ME_IMPORT_API_KEY instead of --api-key.',
    ...API,
  },
  shlink: {
    usage: '--url https://s.example.com [--api-key <key>]',
    summary: 'import the short URLs and visits of a Shlink instance',
    about: 'The API key may be given in ME_IMPORT_API_KEY instead of --api-key.',
    ...API,
  },
  bitly: {
    usage: '[--token <token>] [--group <guid>] [--api-url https://api-ssl.bitly.com]',
    summary: "import a Bitly group's bitlinks (each one's click total)",
    about: 'The token may be given in ME_IMPORT_API_KEY instead of --token.',
    options: { token: { type: 'string' }, group: { type: 'string' }, 'api-url': { type: 'string' } },
    read: (args, env, command) => ({
      connection: {
        token: required(text(args, 'token') ?? env.ME_IMPORT_API_KEY, '--token or ME_IMPORT_API_KEY', command),
        ...(text(args, 'group') ? { group: text(args, 'group') } : {}),
        ...(text(args, 'api-url') ? { api_url: text(args, 'api-url') } : {}),
      },
    }),
  },
  csv: {
    usage: '--file links.csv --mapping \'{"Address":"url","Code":"short_code"}\'',
    summary: 'import the links of a CSV file by a column mapping',
    about: 'The mapping is JSON {column: field}, as POST /api/imports/csv takes it.',
    options: { file: { type: 'string' }, mapping: { type: 'string' } },
    read: (args, _env, command) => {
      const file = required(text(args, 'file'), '--file', command);
      let mapping: unknown;
      try {
        mapping = JSON.parse(required(text(args, 'mapping'), '--mapping', command));
      } catch (error) {
        if (error instanceof CliError) throw error;
        throw usageError('--mapping must be JSON', command);
      }
      let csv: string;
      try {
        csv = fs.readFileSync(file, 'utf8');
      } catch {
        throw new CliError(`cannot read ${file}`);
      }
      return { connection: { csv }, options: { mapping } };
    },
  },
};
