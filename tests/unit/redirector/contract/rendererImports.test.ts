import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const rendererSrc = path.join(root, 'renderer/src');
const contract = path.join(root, 'redirector/contract');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('the contract is all the renderer takes from redirector/', () => {
  it('holds for every import in renderer/src', () => {
    const files = sourceFiles(rendererSrc);
    expect(files.length).toBeGreaterThan(50);
    const outside: string[] = [];
    for (const file of files) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), specifier ?? '');
        if (!target.startsWith(rendererSrc) && !target.startsWith(contract)) {
          outside.push(`${path.relative(root, file)} → ${specifier}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });
});
