/** The administrator's key: from ADMIN_KEY, or generated once and kept in DATA_DIR (mode 600). */
import fs from 'node:fs';
import path from 'node:path';
import { MIN_ADMIN_KEY_LENGTH } from '../config';
import { newToken } from './tokens';

export const ADMIN_KEY_FILE = 'admin-key';

export interface AdminKey {
  key: string;
  /** True when this start generated it (print it once). */
  generated: boolean;
}

/** Throws when the kept key is too short (edited by hand): replacing it silently would lock the admin out. */
export function loadAdminKey(dataDir: string, fromEnv: string | undefined): AdminKey {
  if (fromEnv !== undefined) return { key: fromEnv, generated: false };
  const file = path.join(dataDir, ADMIN_KEY_FILE);
  if (fs.existsSync(file)) {
    const key = fs.readFileSync(file, 'utf8').trim();
    if (key.length >= MIN_ADMIN_KEY_LENGTH) return { key, generated: false };
    if (key !== '') {
      throw new Error(
        `the admin key in ${file} is shorter than ${MIN_ADMIN_KEY_LENGTH} characters: delete the file to have a new one generated`,
      );
    }
  }
  const key = newToken();
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { key, generated: true };
}
