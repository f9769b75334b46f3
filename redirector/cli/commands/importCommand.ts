/**
 * `me import yourls`: an import (docs/api.md#imports) made and run by the command line, its
 * progress on one line rewritten in place on a terminal, one line a second otherwise. The
 * connection may come from ME_IMPORT_DATABASE_URL rather than the command line, where other users
 * of the machine could read it in the process list; it is never printed.
 */
import { cliScope } from '../../auth/scope';
import type { ImportJob } from '../../contract/imports';
import { createImportParts } from '../../imports/importParts';
import { CliError, type Command, EXIT_FAILED, writeLine } from '../command';
import { loadCliConfig, withServices } from '../environment';
import { userByEmail } from './users';

const ENDED = new Set(['done', 'failed', 'cancelled']);

export function progressLine(job: ImportJob): string {
  const { links, clicks } = job;
  return (
    `${job.dry_run ? '[dry run] ' : ''}${job.state}: links ${links.seen} read, ${links.created} created, ` +
    `${links.skipped} skipped, ${links.conflicts} conflicts; clicks ${clicks.seen} read, ${clicks.imported} imported`
  );
}

export const importYourlsCommand: Command = {
  name: 'import yourls',
  summary: 'import the links and clicks of a YOURLS database',
  help: `Usage: me import yourls [--database-url mysql://user:pass@host:port/db] [--prefix yourls_]
                  [--user <email>] [--dry-run] [--on-conflict skip|suffix]

Imports every link of a YOURLS database with every click (docs/api.md#imports), as
POST /api/imports does: without --user for the administrator, with --user for that user.
The database URL may be given in ME_IMPORT_DATABASE_URL instead of --database-url (the
process list shows arguments to everyone on the machine). Prints the progress (one line a
second when the output is not a terminal), then each row left out; exits 1 unless the
import ends done.`,
  options: {
    'database-url': { type: 'string' },
    prefix: { type: 'string' },
    user: { type: 'string' },
    'dry-run': { type: 'boolean' },
    'on-conflict': { type: 'string' },
  },
  async run(args, io) {
    const databaseUrl = args.values['database-url'] ?? io.env.ME_IMPORT_DATABASE_URL;
    if (typeof databaseUrl !== 'string') throw new CliError('give --database-url or ME_IMPORT_DATABASE_URL');
    const terminal = (io.stdout as { isTTY?: boolean }).isTTY === true;
    const job = await withServices(loadCliConfig(io.env), async (services) => {
      const email = args.values.user;
      const scope = typeof email === 'string' ? cliScope(await userByEmail(services, email)) : cliScope();
      const { imports, importRunner } = createImportParts(services);
      let current = await imports.create(scope, {
        source: 'yourls',
        connection: { database_url: databaseUrl, ...(args.values.prefix ? { prefix: args.values.prefix } : {}) },
        options: { on_conflict: args.values['on-conflict'] ?? 'skip' },
        dry_run: args.values['dry-run'] === true,
      });
      importRunner.start();
      try {
        while (!ENDED.has(current.state)) {
          await new Promise((resolve) => setTimeout(resolve, terminal ? 200 : 1000));
          current = await imports.get(scope, current.id);
          if (terminal) io.stdout.write(`\r\x1b[2K${progressLine(current)}`);
          else writeLine(io.stdout, progressLine(current));
        }
      } finally {
        await importRunner.stop();
      }
      return current;
    });
    if (terminal) writeLine(io.stdout);
    for (const problem of job.errors) writeLine(io.stdout, `${problem.ref || '-'}: ${problem.message}`);
    writeLine(io.stdout, progressLine(job));
    return job.state === 'done' ? 0 : EXIT_FAILED;
  },
};
