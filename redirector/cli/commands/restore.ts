/** `me restore <file>`: its help and arguments; the restore itself is actions/restore.ts, loaded when it runs. */

import { SERVICE_PID_FILE } from '../../storage/servicePid';
import { SQLITE_FILE } from '../../storage/sqliteFile';
import { REPLACED_SUFFIX } from '../backupFiles';
import type { Command } from '../command';

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'put a backup back while the service is stopped',
  help: `Usage: me restore <file>

Puts a backup made by \`me backup <file>\` back as DATA_DIR/me.sqlite, with ANONYMIZE_IPS's visitor
key from <file>.visitor-key when the backup has one. Stop the service first: restore refuses while
a service runs on DATA_DIR (DATA_DIR/${SERVICE_PID_FILE} names a live process). The database it
replaces is kept as ${SQLITE_FILE}${REPLACED_SUFFIX}.

With DATABASE_URL (PostgreSQL) use pg_restore instead.`,
  positionals: { names: ['<file>'], required: 1 },
  run: async (args, io) => (await import('../actions/restore')).restoreBackup(args, io),
};
