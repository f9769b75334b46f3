/**
 * `npm start` passes SIGTERM and SIGINT on to the server and exits with its status, leaving no
 * server running (README "Commands"). npm sends a signal to its script's shell only; the script
 * `exec`s node so that the server is that process. Builds first when the build is missing or stale.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/serverProcess';
import { makeTempDir } from '../../helpers/testServer';

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

describe.each(['SIGTERM', 'SIGINT'] as const)('npm start and %s', (signal) => {
  it('stops the server gracefully and exits with its status', async () => {
    const port = await freePort();
    const child = spawn('npm', ['start', '--silent'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: makeTempDir('me-start-'),
        ADMIN_KEY: 'start-test-admin-key-0123',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}/healthz`;
    const deadline = Date.now() + 150_000;
    while (!(await answers(url))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not answer:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    child.kill(signal);
    expect(await exited).toBe(0);
    expect(output).toContain(`${signal} received`);
    expect(output).toContain('me: stopped');
    expect(await answers(url)).toBe(false);
  }, 180_000);
});
