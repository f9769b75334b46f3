// The first step of `npm test`: every tool the suite runs must be here, or ONE message names what is
// missing and the one command that installs it, within seconds instead of a failure deep in the
// suite. Silent and exit 0 when all is present; ME_SKIP_PREREQUISITES=1 skips it.
//
// Each tool is looked for where the tests themselves look (tests/helpers/reverseProxy.ts,
// dnsServer.ts, ownPostgres.ts, postgres.ts, playwright.config.ts). ME_PREREQUISITES_ROOT (default
// `/`) is put in front of those fixed places, so the check's own test can hide a tool.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const env = process.env;
if (env.ME_SKIP_PREREQUISITES === '1') process.exit(0);

const root = env.ME_PREREQUISITES_ROOT ?? '/';
const under = (file) => path.join(root, file);
const postgresBin = env.POSTGRES_BIN ?? under('/usr/lib/postgresql/15/bin');
const testDatabaseUrl = env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};
const onPath = (name) =>
  (env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && isExecutable(path.join(dir, name)));
const anyOf = (...files) => files.some(isExecutable);

/** name (as the message shows it), where it is looked for, the Debian package, who needs it. */
const tools = [
  {
    name: 'Chromium',
    where: env.CHROMIUM_PATH ? `CHROMIUM_PATH=${env.CHROMIUM_PATH}` : '/usr/bin/chromium, or set CHROMIUM_PATH',
    present: () => isExecutable(env.CHROMIUM_PATH ?? under('/usr/bin/chromium')),
    apt: 'chromium',
    usedBy: 'the Playwright tests',
  },
  {
    name: 'caddy',
    where: '/usr/bin/caddy or /usr/local/bin/caddy',
    present: () => anyOf(under('/usr/bin/caddy'), under('/usr/local/bin/caddy')),
    apt: 'caddy',
    usedBy: 'tests/integration/deploy/caddy.test.ts',
  },
  {
    name: 'nginx',
    where: '/usr/sbin/nginx or /usr/bin/nginx',
    present: () => anyOf(under('/usr/sbin/nginx'), under('/usr/bin/nginx')),
    apt: 'nginx-light',
    usedBy: 'tests/integration/deploy/nginx.test.ts',
  },
  {
    name: 'dnsmasq',
    where: '/usr/sbin/dnsmasq',
    present: () => isExecutable(under('/usr/sbin/dnsmasq')),
    apt: 'dnsmasq',
    usedBy: 'the custom-domain tests',
  },
  {
    name: 'promtool',
    where: 'on PATH',
    present: () => onPath('promtool'),
    apt: 'prometheus',
    usedBy: 'tests/integration/redirector/http/metricsRoutes.test.ts',
  },
  {
    name: 'systemd-analyze',
    where: 'on PATH',
    present: () => onPath('systemd-analyze'),
    apt: 'systemd',
    usedBy: 'tests/integration/deploy/systemd.test.ts',
  },
  {
    name: 'PostgreSQL server binaries (initdb, pg_ctl)',
    where: env.POSTGRES_BIN ? `POSTGRES_BIN=${env.POSTGRES_BIN}` : '/usr/lib/postgresql/15/bin',
    present: () => isExecutable(path.join(postgresBin, 'initdb')) && isExecutable(path.join(postgresBin, 'pg_ctl')),
    apt: 'postgresql-15',
    usedBy: 'the tests that stop a PostgreSQL of their own',
  },
];

/** Resolves to an error's text when nothing accepts a TCP connection at host:port within 2 s. */
function unreachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (problem) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(2_000, () => done('no answer within 2 s'));
    socket.once('connect', () => done(undefined));
    socket.once('error', (error) => done(error.code ?? error.message));
  });
}

let database;
try {
  database = new URL(testDatabaseUrl);
} catch {
  console.error(`npm test: TEST_DATABASE_URL is not a URL (got "${testDatabaseUrl}")`);
  process.exit(1);
}
const host = database.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
const port = Number(database.port || 5432);

const missing = tools.filter((tool) => !tool.present());
const postgresProblem = await unreachable(host, port);
if (missing.length === 0 && postgresProblem === undefined) process.exit(0);

const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
const lines = ['npm test: missing what the test suite needs:'];
for (const tool of missing) lines.push(`  - ${tool.name} (${tool.where}): ${tool.usedBy}`);
if (postgresProblem !== undefined) {
  lines.push(`  - PostgreSQL at ${host}:${port} (TEST_DATABASE_URL): ${postgresProblem}`);
}
if (missing.length > 0) {
  const packages = [...new Set(missing.map((tool) => tool.apt))].join(' ');
  lines.push(`Install (Debian, as .ci/run does): ${sudo}apt-get install -y ${packages}`);
}
if (postgresProblem !== undefined) {
  lines.push(
    `Start PostgreSQL: ${sudo}pg_ctlcluster --skip-systemctl-redirect 15 main start (or point TEST_DATABASE_URL at a running server)`,
  );
}
lines.push('ME_SKIP_PREREQUISITES=1 skips this check.');
console.error(lines.join('\n'));
process.exit(1);
