/**
 * `me import <source>`: an import (docs/api.md#imports) made and run by the command line, its
 * progress on one line rewritten in place on a terminal, one line a second otherwise. A secret
 * (a database password, an API key, a token) may come from the environment rather than the
 * command line, where other users of the machine could read it in the process list; it is never
 * printed. `--team <slug>` imports into a shared team, `--user <email>` into a user's personal
 * team, neither for the administrator.
 */
import { cliScope, cliTeamScope, type Scope } from '../../auth/scope';
import type { ImportJob, ImportSource } from '../../contract/imports';
import { createImportParts } from '../../imports/importParts';
import type { Services } from '../../services';
import { CliError, type CliIo, EXIT_FAILED, type ParsedArgs, writeLine } from '../command';
import type { SourceConnection } from '../commands/importSourceArgs';
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

/** The scope the import acts in: a shared team by slug or id, a user's personal team, or the administrator (not both: commands/imports.ts). */
async function importScope(services: Pick<Services, 'store'>, args: ParsedArgs): Promise<Scope> {
  const { team, user } = args.values;
  if (typeof user === 'string') return cliScope(await userByEmail(services as Services, user));
  if (typeof team !== 'string') return cliScope();
  const wanted = team.toLowerCase();
  const found = (await services.store.teams.allShared(100_000)).find(
    (row) => row.slug === wanted || String(row.id) === wanted,
  );
  if (!found) throw new CliError(`no team ${team}`);
  return cliTeamScope(found.id);
}

/** Runs an import of `source` with what `me import <source>` read from its arguments (commands/imports.ts). */
export async function runImport(
  source: ImportSource,
  given: SourceConnection,
  args: ParsedArgs,
  io: CliIo,
): Promise<number> {
  const terminal = (io.stdout as { isTTY?: boolean }).isTTY === true;
  const job = await withServices(loadCliConfig(io.env), async (services) => {
    const scope = await importScope(services, args);
    const { imports, importRunner } = createImportParts(services);
    let current = await imports.create(scope, {
      source,
      connection: given.connection,
      options: { ...given.options, on_conflict: args.values['on-conflict'] ?? 'skip' },
      dry_run: args.values['dry-run'] === true,
    });
    // Its own job only: another team's queued one is the service's, not this command's.
    importRunner.start(current.id);
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
}
