// npm start: builds what is missing or out of date, then runs the service in this process.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function mtime(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

const targets = [
  { name: 'web UI', output: 'dist/web/index.html', sources: ['renderer', 'redirector/contract'], script: 'build:web' },
  { name: 'server', output: 'dist/server/server.js', sources: ['redirector'], script: 'build:server' },
];
for (const target of targets) {
  const built = mtime(path.join(root, target.output));
  const changed = Math.max(...target.sources.map((dir) => newestMtime(path.join(root, dir))));
  if (built === 0 || changed > built) {
    console.log(`me: building the ${target.name} (npm run ${target.script})`);
    execSync(`npm run --silent ${target.script}`, { cwd: root, stdio: 'inherit' });
  }
}

await import(path.join(root, 'dist/server/server.js'));
