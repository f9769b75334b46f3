/**
 * `me import <source>`: its help and arguments, read before anything is loaded (a missing --url is
 * told at once); the import itself is actions/imports.ts, loaded when it runs.
 */
import { IMPORT_SOURCES, type ImportSource } from '../../contract/imports';
import { type Command, usageError } from '../command';
import { SOURCE_ARGS } from './importSourceArgs';

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
      const name = `import ${source}`;
      const onConflict = args.values['on-conflict'];
      if (onConflict !== undefined && onConflict !== 'skip' && onConflict !== 'suffix') {
        throw usageError(`--on-conflict must be skip or suffix (got "${onConflict}")`, name);
      }
      if (args.values.team !== undefined && args.values.user !== undefined) {
        throw usageError('give --team or --user, not both', name);
      }
      const given = described.read(args, io.env, name);
      return (await import('../actions/imports')).runImport(source, given, args, io);
    },
  };
}

/** `me import yourls`, `me import kutt`, … one command a source. */
export const importCommands: Command[] = IMPORT_SOURCES.map(importCommand);
