// What `npm start` and the bench build before they run: each bundle that is missing or older than its sources.
// Plain JavaScript, because `npm start` runs it with node alone.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const BUILDS = {
  web: {
    name: 'web UI',
    output: 'dist/web/index.html',
    sources: ['renderer', 'redirector/contract'],
    script: 'build:web',
  },
  server: { name: 'server', output: 'dist/server/server.js', sources: ['redirector'], script: 'build:server' },
};

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIfStale(build, { log, showOutput }) {
  const output = path.join(root, build.output);
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  const changed = Math.max(...build.sources.map((dir) => newestMtime(path.join(root, dir))));
  if (built > 0 && changed <= built) return false;
  log(`${built === 0 ? 'building' : 'sources changed: rebuilding'} the ${build.name} (npm run ${build.script})`);
  execSync(`npm run --silent ${build.script}`, {
    cwd: root,
    stdio: ['ignore', showOutput ? 'inherit' : 'ignore', 'inherit'],
  });
  return true;
}
