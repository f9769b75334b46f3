/** The `me` command's entry (bin/me.mjs runs its build, dist/server/cli.js). */
import { runCli } from './main';

// Like the service: what the command line creates (a backup, a key file) is private from the start.
process.umask(0o077);
// `me links export | head` closes the pipe early: that ends the command quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
});
