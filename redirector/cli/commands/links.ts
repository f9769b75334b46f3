/** `me links export|import`: their help and arguments; the work is actions/links.ts, loaded when one runs. */
import type { Command } from '../command';

const USER_OPTION = { user: { type: 'string' } } as const;

export const linksExportCommand: Command = {
  name: 'links export',
  summary: "every link (or one user's) as CSV on stdout",
  help: `Usage: me links export [--user <email>] > links.csv

Writes the links as CSV on stdout, in the format of GET /api/links/export (docs/api.md):
every link, or with --user only that user's.`,
  options: USER_OPTION,
  run: async (args, io) => (await import('../actions/links')).exportLinks(args, io),
};

export const linksImportCommand: Command = {
  name: 'links import',
  summary: 'create links from a CSV file',
  help: `Usage: me links import [--user <email>] <file>

Creates links from a CSV file (- reads stdin) in the format of POST /api/links/import
(docs/api.md): without --user the links have no owner, as when the administrator imports them;
with --user they belong to that user and their link limit applies. Prints how many links were
created and each refused row with its line and reason; exits 1 when any row was refused.`,
  options: USER_OPTION,
  positionals: { names: ['<file>'], required: 1 },
  run: async (args, io) => (await import('../actions/links')).importLinksFromCsv(args, io),
};
