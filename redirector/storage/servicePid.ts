/**
 * DATA_DIR/me.pid: the running service's process id, written once it listens and removed when it
 * stops, so that `me restore` can refuse while the service holds the database
 * (docs/api.md#backup-and-restore). A file left by a killed service names a process that is gone.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SERVICE_PID_FILE = 'me.pid';

export function writeServicePid(dataDir: string): void {
  fs.writeFileSync(path.join(dataDir, SERVICE_PID_FILE), `${process.pid}\n`, { mode: 0o600 });
}

export function removeServicePid(dataDir: string): void {
  const file = path.join(dataDir, SERVICE_PID_FILE);
  // Only our own: another service may have started on this DATA_DIR since.
  if (runningServicePid(dataDir) === process.pid) fs.rmSync(file, { force: true });
}

/** The pid of a live service on this DATA_DIR, or undefined. */
export function runningServicePid(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, SERVICE_PID_FILE), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
