/**
 * `me import <source>`: an import (docs/api.md#imports) made and run by the command line, its
 * progress on one line rewritten in place on a terminal, one line a second otherwise. A secret
 * (a database password, an API key, a token) may come from the environment rather than the
 * command line, where other users of the machine could read it in the process list; it is never
 * printed. `--team <slug>` imports into a shared team, `--user <email>` into a user's personal
 * team, neither for the administrator.
 */
import { cliScope, cliTeamScope, type Scope } from '../../auth/scope';
import { IMPORT_SOURCES, type ImportJob, type ImportSource } from '../../contract/imports';
import { createImportParts } from '../../imports/importParts';
import type { Services } from '../../services';
import { CliError, type Command, EXIT_FAILED, type ParsedArgs, writeLine } from '../command';
import { loadCliConfig, withServices } from '../environment';
import { SOURCE_ARGS } from './importSourceArgs';
import { userByEmail } from './users';

const ENDED = new Set(['done', 'failed', 'cancelled']);

export function progressLine(job: ImportJob): string {
  const { links, clicks } = job;
  return (
    `${job.dry_run ? '[dry run] ' : ''}${job.state}: links ${links.seen} read, ${links.created} created, ` +
    `${links.skipped} skipped, ${links.conflicts} conflicts; clicks ${clicks.seen} read, ${clicks.imported} imported`
  );
}

/** The scope the import acts in: a shared team by slug or id, a user's personal team, or the administrator. */
async function importScope(services: Pick<Services, 'store'>, args: ParsedArgs): Promise<Scope> {
  const { team, user } = args.values;
  if (typeof team === 'string' && typeof user === 'string') throw new CliError('give --team or --user, not both');
  if (typeof user === 'string') return cliScope(await userByEmail(services as Services, user));
  if (typeof team !== 'string') return cliScope();
  const wanted = team.toLowerCase();
  const found = (await services.store.teams.allShared(100_000)).find(
    (row) => row.slug === wanted || String(row.id) === wanted,
  );
  if (!found) throw new CliError(`no team ${team}`);
  return cliTeamScope(found.id);
}

function importCommand(source: ImportSource): Command {
  const described = SOURCE_ARGS[source];
  return {
    name: `import ${source}`,
    summary: described.summary,
    help: `Usage: me import ${source} ${described.usage}
                  [--team <slug> | --user <email>] [--dry-run] [--on-conflict skip|suffix]

Imports as POST /api/imports does (docs/api.md#imports): with --team into that team, with
--user into that user's personal team, with neither for the administrator. ${described.about}
Prints the progress (rewritten in place on a terminal, one line a second otherwise), then
each row left out; exits 1 unless the import ends done.`,
    options: {
      ...described.options,
      team: { type: 'string' },
      user: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'on-conflict': { type: 'string' },
    },
    async run(args, io) {
      const given = described.read(args, io.env);
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
}

/** `me import yourls`, `me import kutt`, … one command a source. */
export const importCommands: Command[] = IMPORT_SOURCES.map(importCommand);
