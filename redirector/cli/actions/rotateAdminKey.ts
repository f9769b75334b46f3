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
import { CliError, type CliIo, type ParsedArgs, writeLine } from '../command';
import { fileErrorText, isPermissionError, permissionDenied } from '../databaseAccess';
import { loadCliConfig, requireDataDir } from '../environment';

export async function rotateAdminKey(_args: ParsedArgs, io: CliIo): Promise<number> {
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
}
