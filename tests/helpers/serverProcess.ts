/** The built service (dist/server/server.js) as a child process, the way operators run it. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { expect } from 'vitest';
import { freePort, SERVER_ENTRY, waitUntilAnswering } from '../../scripts/bench/processes';
import { makeTempDir } from './testServer';

export interface ServerProcess {
  url: string;
  port: number;
  adminKey: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait. */
  kill(): Promise<void>;
}

export { freePort, SERVER_ENTRY };

export async function startServerProcess(
  options: { env?: Record<string, string>; dataDir?: string; adminKey?: string } = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('dist/server/server.js is missing: run `npm run build` first');
  // A PORT of the caller's own: a provider registered PUBLIC_URL's callback before the start.
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const dataDir = options.dataDir ?? makeTempDir('me-proc-');
  const adminKey = options.adminKey ?? 'process-admin-key-0123456789';
  let output = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_KEY: adminKey,
      LINK_CHECK_HOURS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  /**
   * From its first answer until its test stops it. A start that fails throws with the output; an exit
   * between leaves a request failing with only "other side closed", so the server's words go to the run's log.
   */
  let watched = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      if (watched) process.stderr.write(`server on port ${port} exited by itself (${code ?? signal}):\n${output}\n`);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(child, `${url}/healthz`, () => output, 60_000);
  } catch (error) {
    throw new Error(`server ${(error as Error).message}`);
  }
  watched = true;
  return {
    url,
    port,
    adminKey,
    dataDir,
    child,
    output: () => output,
    async stop() {
      watched = false;
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      watched = false;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A desktop Chrome's User-Agent: clicks counted as a browser's, not a bot's. */
export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

/** `count` clicks from a browser through `links` in turn, each redirected (302). */
export async function clickInTurn(server: ServerProcess, links: readonly { short_code: string }[], count: number) {
  for (let i = 0; i < count; i++) {
    const answer = await fetch(`${server.url}/${links[i % links.length]!.short_code}`, {
      redirect: 'manual',
      headers: { 'User-Agent': BROWSER_UA },
    });
    await answer.arrayBuffer();
    expect(answer.status).toBe(302);
  }
}

export interface ServerExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built server until it exits by itself (startup failures); SIGKILL after 45 s (a loaded machine starts it slowly). `onStdout`
 * sees the output as it comes (to send a signal once it listens).
 */
export function runToExit(
  env: Record<string, string>,
  onStdout?: (stdout: string, child: ChildProcess) => void,
): Promise<ServerExit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: makeTempDir('me-exit-'),
        ADMIN_KEY: 'process-admin-key-0123',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      onStdout?.(stdout, child);
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after 45 s:\n${stdout}${stderr}`));
    }, 45_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The server's text log lines without their leading time (`LOG_FORMAT=text`), trimmed. */
export function logMessages(output: string): string {
  return output.replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /gm, '').trim();
}
