/** `me backup <file>`: its help and arguments; the copy itself is actions/backup.ts, loaded when it runs. */
import type { Command } from '../command';

export const backupCommand: Command = {
  name: 'backup',
  summary: 'copy the SQLite database while the service runs',
  help: `Usage: me backup [--force] <file>

Copies the SQLite database (DATA_DIR/me.sqlite) into <file>, safely while the service runs: the
copy is the database as it was when the backup started, one self-contained file, mode 600.
ANONYMIZE_IPS's visitor key (DATA_DIR/visitor-key), when there is one, goes to <file>.visitor-key.
Progress is shown on stderr for large databases. \`me restore <file>\` puts both back.

  --force   replace <file> if it exists

With DATABASE_URL (PostgreSQL) use pg_dump instead.`,
  options: { force: { type: 'boolean' } },
  positionals: { names: ['<file>'], required: 1 },
  run: async (args, io) => (await import('../actions/backup')).backUp(args, io),
};
