/**
 * deploy/Dockerfile, compose.yaml and compose.postgres.yaml without a Docker engine (there is none
 * here): the compose files parsed and checked against what the server reads, and the image's run
 * stage rebuilt by hand (its files, its environment, its user) with its HEALTHCHECK command run
 * against it. The image build itself is not run; docs/deploy.md#docker says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../redirector/config';
import { freePort, SERVER_ENTRY } from '../../helpers/serverProcess';
import { makeTempDir } from '../../helpers/testServer';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEPLOY = path.join(ROOT, 'deploy');
// js-yaml comes with electron-builder (a dev dependency), which reads its YAML configuration with it.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML, checked field by field
type Yaml = Record<string, any>;

function readYaml(name: string): Yaml {
  return yaml.load(fs.readFileSync(path.join(DEPLOY, name), 'utf8')) as Yaml;
}

/** The environment variables loadConfig reads, found by handing it an environment that records every read. */
function variablesTheServerReads(): Set<string> {
  const read = new Set<string>();
  loadConfig(
    new Proxy({} as NodeJS.ProcessEnv, {
      get(_target, key) {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
    }),
  );
  return read;
}

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped, split into stages. */
function dockerfileStages(): Instruction[][] {
  const text = fs.readFileSync(path.join(DEPLOY, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages: Instruction[][] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [keyword = '', ...rest] = trimmed.split(/\s+/);
    const instruction = { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

function argsOf(stage: Instruction[], keyword: string): string[] {
  return stage.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
}

/** ENV lines of the `KEY=value KEY=value` form. */
function envOf(stage: Instruction[]): Record<string, string> {
  return Object.fromEntries(
    argsOf(stage, 'ENV').flatMap((args) => args.split(/\s+/).map((pair) => pair.split('=') as [string, string])),
  );
}

/** .dockerignore's patterns as Docker applies them to a path relative to the build context. */
function ignoredByDocker(relative: string): boolean {
  const patterns = fs
    .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return patterns.some((pattern) => {
    const glob = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(/.*)?$`);
    return glob.test(relative) || (!pattern.includes('/') && glob.test(path.basename(relative)));
  });
}

describe('deploy/compose.yaml', () => {
  const compose = readYaml('compose.yaml');
  const me = compose.services.me;

  it('builds the image from the repository with deploy/Dockerfile', () => {
    const context = path.resolve(DEPLOY, me.build.context);
    expect(context).toBe(ROOT);
    expect(fs.existsSync(path.join(context, me.build.dockerfile))).toBe(true);
  });

  it('keeps SQLite in a named volume at DATA_DIR, and hands the server only variables it reads', () => {
    expect(me.environment.DATA_DIR).toBe('/data');
    expect(me.volumes).toContain('me-data:/data');
    expect(Object.keys(compose.volumes)).toEqual(['me-data']);
    expect(me.environment.TRUST_PROXY).toMatch(/^\$\{TRUST_PROXY:-1\}$/); // on unless deploy/.env says otherwise
    const read = variablesTheServerReads();
    expect(Object.keys(me.environment).filter((name) => !read.has(name))).toEqual([]);
    expect(me.environment.DATABASE_URL).toBeUndefined();
  });

  it('publishes the port on loopback only, for the reverse proxy', () => {
    expect(me.ports).toEqual(['127.0.0.1:8080:8080']);
    expect(me.stop_grace_period).toBe('30s');
  });
});

describe('deploy/compose.postgres.yaml', () => {
  const overlay = readYaml('compose.postgres.yaml');

  it('points DATABASE_URL at its postgres service, started and healthy first', () => {
    const url = new URL(
      overlay.services.me.environment.DATABASE_URL.replace(/\$\{POSTGRES_PASSWORD:\?[^}]*\}/, 'secret'),
    );
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('postgres');
    expect(Object.keys(overlay.services)).toContain(url.hostname);
    expect(overlay.services.me.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    const postgres = overlay.services.postgres;
    expect(postgres.environment.POSTGRES_USER).toBe(url.username);
    expect(postgres.environment.POSTGRES_DB).toBe(url.pathname.slice(1));
    expect(postgres.healthcheck.test).toContain('pg_isready');
    expect(postgres.volumes).toEqual(['me-postgres:/var/lib/postgresql/data']);
    expect(Object.keys(overlay.volumes)).toEqual(['me-postgres']);
    expect(variablesTheServerReads().has('DATABASE_URL')).toBe(true);
  });
});

describe('deploy/Dockerfile', () => {
  const stages = dockerfileStages();
  const [build, run] = [stages[0]!, stages.at(-1)!];

  it('builds in one Node 20 stage (better-sqlite3 from source) and runs in another, as a user that is not root', () => {
    expect(stages.length).toBe(2);
    expect(argsOf(build, 'FROM')).toEqual(['node:20-bookworm-slim AS build']);
    expect(argsOf(run, 'FROM')).toEqual(['node:20-bookworm-slim']);
    expect(envOf(build).npm_config_build_from_source).toBe('true');
    expect(argsOf(build, 'RUN').join(' ')).toMatch(/python3 make g\+\+/);
    expect(argsOf(run, 'USER')).toEqual(['node']);
    expect(argsOf(run, 'VOLUME')).toEqual(['["/data"]']);
    expect(envOf(run)).toMatchObject({ DATA_DIR: '/data', HOST: '0.0.0.0', NODE_ENV: 'production' });
  });

  it('copies only files the build context holds, and .dockerignore keeps out what must not go in', () => {
    for (const file of ['package.json', 'package-lock.json', 'redirector/server.ts', 'renderer/index.html']) {
      expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(ignoredByDocker(file), file).toBe(false);
    }
    for (const file of ['vite.web.config.mts', 'vite.server.config.mts'])
      expect(ignoredByDocker(file), file).toBe(false);
    for (const file of [
      'node_modules/koa/package.json',
      '.git/HEAD',
      'data/me.sqlite',
      'dist/server/server.js',
      'x.log',
    ]) {
      expect(ignoredByDocker(file), file).toBe(true);
    }
  });
});

describe("the image's run stage, rebuilt without Docker", () => {
  const run = dockerfileStages().at(-1)!;
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  /** Runs the HEALTHCHECK's exec-form command with `env`; its exit code. */
  function healthcheck(env: Record<string, string>): number | null {
    const command = /CMD (\[.*\])$/.exec(argsOf(run, 'HEALTHCHECK')[0] ?? '');
    expect(command).not.toBeNull();
    const [program, ...args] = JSON.parse(command![1]!) as string[];
    expect(program).toBe('node');
    return spawnSync(process.execPath, args, { env: { ...process.env, ...env }, timeout: 10_000 }).status;
  }

  it("starts from package.json, node_modules and dist alone with the image's environment, and passes its HEALTHCHECK", async () => {
    if (!fs.existsSync(SERVER_ENTRY)) throw new Error('dist/server/server.js is missing: run `npm run build` first');
    const copied = argsOf(run, 'COPY').map((args) => args.split(/\s+/).at(-2));
    expect(copied).toEqual(['/app/package.json', '/app/node_modules', '/app/dist']);
    const app = makeTempDir('me-image-');
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(app, 'package.json'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'));
    fs.cpSync(path.join(ROOT, 'dist', 'server'), path.join(app, 'dist', 'server'), { recursive: true });

    const port = String(await freePort());
    const env = {
      ...envOf(run),
      PORT: port,
      DATA_DIR: makeTempDir('me-image-data-'),
      ADMIN_KEY: 'image-admin-key-0123',
    };
    expect(healthcheck(env)).toBe(1); // nothing listens yet

    const cmd = JSON.parse(argsOf(run, 'CMD')[0]!) as string[];
    expect(cmd).toEqual(['node', 'dist/server/server.js']);
    const child = spawn(process.execPath, cmd.slice(1), { cwd: app, env: { ...process.env, ...env }, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    stops.push(async () => {
      child.kill('SIGTERM');
      await exited;
    });
    for (const started = Date.now(); !output.includes('me: listening on'); ) {
      if (child.exitCode !== null || Date.now() - started > 20_000) throw new Error(`did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(output).toContain(`me: listening on http://localhost:${port} (database: sqlite`);
    expect(healthcheck(env)).toBe(0);
  });
});
