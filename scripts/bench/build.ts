/** Builds the server bundle when it is missing or older than its sources (as `npm start` does). */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_ENTRY } from './processes';

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when it had to build. */
export function ensureServerBuild(log: (message: string) => void): boolean {
  const built = fs.existsSync(SERVER_ENTRY) ? fs.statSync(SERVER_ENTRY).mtimeMs : 0;
  if (built > 0 && newestMtime(path.join(ROOT, 'redirector')) <= built) return false;
  log(
    built === 0
      ? 'building the server (npm run build:server)'
      : 'server sources changed: rebuilding (npm run build:server)',
  );
  execSync('npm run --silent build:server', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return true;
}
