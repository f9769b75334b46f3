/**
 * `me --help` and a wrong command line load only the commands' help and arguments: the built cli.js
 * and the chunks it imports statically import no package but Node's own (no store, no services, no
 * `pg`, `better-sqlite3` or `zod`); each command's work is a dynamic import of its own chunk
 * (docs/performance.md, "The test suite's time").
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY } from '../../../helpers/cliProcess';

const STATIC_IMPORT = /^import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["'];?$/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every file and package `entry` imports statically, directly or through its chunks. */
function staticClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, target] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (target!.startsWith('.')) visit(path.resolve(path.dirname(file), target!));
      else packages.add(target!);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => path.relative(path.dirname(entry), file)), packages: [...packages] };
}

describe('the built command line', () => {
  it('loads no package but Node’s own before a command runs', () => {
    if (!fs.existsSync(CLI_ENTRY)) throw new Error(`${CLI_ENTRY} is missing: run \`npm run build\` first`);
    const { files, packages } = staticClosure(CLI_ENTRY);
    expect(packages.filter((name) => !name.startsWith('node:'))).toEqual([]);
    expect(files.filter((file) => /openStore|services|sqliteStore|postgresStore/.test(file))).toEqual([]);
  });

  it('imports each command’s work as a chunk of its own, when it runs', () => {
    const text = fs.readFileSync(CLI_ENTRY, 'utf8');
    const chunks = new Set([...text.matchAll(DYNAMIC_IMPORT)].map(([, target]) => path.basename(target!)));
    for (const name of ['backup', 'check', 'imports', 'links', 'restore', 'rotateAdminKey', 'userAccounts', 'users']) {
      expect(
        [...chunks].some((chunk) => chunk.startsWith(`${name}-`)),
        name,
      ).toBe(true);
    }
    // The database's client is behind a command's chunk, not beside the help (and the walk finds it).
    const { packages } = staticClosure(
      path.join(path.dirname(CLI_ENTRY), 'chunks', [...chunks].find((c) => c.startsWith('check-'))!),
    );
    expect(packages).toEqual(expect.arrayContaining(['pg']));
  });
});
