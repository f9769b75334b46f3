/**
 * `me rotate-admin-key`: a new key in DATA_DIR/admin-key, printed once. The running service keeps
 * the key it started with until it restarts: it holds the key in memory and tags every admin session
 * with it, and a restart (which ends those sessions) is what an operator rotating a leaked key wants
 * anyway; on PostgreSQL every instance must restart with the same key in any case.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_KEY_FILE } from '../../auth/adminKey';
import { newToken } from '../../auth/tokens';
import { CliError, type Command, writeLine } from '../command';
import { fileErrorText, isPermissionError, permissionDenied } from '../databaseAccess';
import { loadCliConfig, requireDataDir } from '../environment';

export const rotateAdminKeyCommand: Command = {
  name: 'rotate-admin-key',
  summary: 'replace the generated admin key (takes effect when the service restarts)',
  help: `Usage: me rotate-admin-key

Writes a new admin key to DATA_DIR/admin-key (mode 600) and prints it once. A running service
keeps the old key until it is restarted (e.g. systemctl restart me); the restart ends every admin
session made with the old key. Refused when ADMIN_KEY is set: then the key is whatever that
variable says, so change it there.`,
  async run(_args, io) {
    const { config, dataDir } = loadCliConfig(io.env);
    if (config.adminKey !== undefined) {
      throw new CliError('ADMIN_KEY is set in the environment: change it there (the key file is not used)');
    }
    requireDataDir(dataDir);
    const file = path.join(dataDir, ADMIN_KEY_FILE);
    const key = newToken();
    // Renamed into place: the service, or a reader of the file, never sees half a key.
    const partial = `${file}.${process.pid}.partial`;
    try {
      fs.writeFileSync(partial, `${key}\n`, { mode: 0o600 });
      fs.chmodSync(partial, 0o600);
      fs.renameSync(partial, file);
    } catch (error) {
      fs.rmSync(partial, { force: true });
      if (isPermissionError(error)) throw permissionDenied(`cannot write "${file}"`);
      throw new CliError(`cannot write ${file} (${fileErrorText(error)})`);
    }
    writeLine(io.stderr, `me: new admin key saved in ${file} (shown once):`);
    writeLine(io.stdout, key);
    writeLine(io.stderr, 'me: a running service keeps the old key until it restarts (e.g. systemctl restart me)');
    return 0;
  },
};
