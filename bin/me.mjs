#!/usr/bin/env node
// `npx me <command>`: runs the built command line (dist/server/cli.js), building it first when it is
// missing or older than its sources, as `npm start` does. Plain JavaScript, run by node alone.
// Build messages go to stderr: stdout may be a CSV export.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILDS, buildIfStale } from '../scripts/staleBuild.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = { ...BUILDS.server, name: 'command line', output: 'dist/server/cli.js' };
const built = path.join(root, cli.output);
const canBuild = fs.existsSync(path.join(root, 'node_modules/vite/package.json'));

if (canBuild) {
  try {
    buildIfStale(cli, { log: (message) => console.error(`me: ${message}`), showOutput: false });
  } catch {
    console.error(`me: the build failed (npm run ${cli.script}); fix it or run an older build with node ${cli.output}`);
    process.exit(1);
  }
} else if (!fs.existsSync(built)) {
  // A production install (npm prune --omit=dev) has no Vite to build with.
  console.error(`me: ${cli.output} is missing and Vite is not installed: run npm install && npm run build`);
  process.exit(1);
}

await import(built);
