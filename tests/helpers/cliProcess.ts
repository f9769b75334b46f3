/** The BUILT command line (dist/server/cli.js, `npm run build` first) run as a child process, as `me` runs. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/bench/processes';

export const CLI_ENTRY = path.join(ROOT, 'dist/server/cli.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Variables of the test runner's own environment that would point the command elsewhere. */
const CLEARED = ['ADMIN_KEY', 'DATABASE_URL', 'DATA_DIR', 'PORT', 'GEOIP_DB'];

export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  /** asUser: run as that user (through runuser, so the caller must be root), as a permission test needs. */
  options: { stdin?: string; entry?: string; asUser?: string } = {},
): Promise<CliRun> {
  const entry = options.entry ?? CLI_ENTRY;
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CLEARED.includes(name)));
  return new Promise((resolve, reject) => {
    const command = [process.execPath, entry, ...args];
    if (options.asUser !== undefined) command.unshift('runuser', '-u', options.asUser, '--');
    const child = spawn(command[0]!, command.slice(1), {
      env: { ...base, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`me ${args.join(' ')} still running after 30 s:\n${stdout}${stderr}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}
