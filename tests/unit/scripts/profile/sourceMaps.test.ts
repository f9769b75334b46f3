import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSourceLookup } from '../../../../scripts/profile/sourceMaps';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'me-source-maps-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('createSourceLookup', () => {
  it('maps a place in the build to its source, relative to the root; a file without a map is its own source', () => {
    const chunks = path.join(root, 'dist/server/chunks');
    fs.mkdirSync(chunks, { recursive: true });
    const built = path.join(chunks, 'services-X.js');
    fs.writeFileSync(built, 'function a() {}\nfunction b() {}\n');
    // Line 1 from redirector/events/a.ts, line 2 from redirector/events/b.ts (both from column 0).
    fs.writeFileSync(
      `${built}.map`,
      JSON.stringify({
        version: 3,
        sources: ['../../../redirector/events/a.ts', '../../../redirector/events/b.ts'],
        names: [],
        mappings: 'AAAA;ACAA',
      }),
    );
    const lookup = createSourceLookup(root);
    const url = pathToFileURL(built).href;
    expect(lookup({ name: 'a', file: url, line: 1, column: 1 })).toBe('redirector/events/a.ts');
    expect(lookup({ name: 'b', file: url, line: 2, column: 1 })).toBe('redirector/events/b.ts');
    const plain = path.join(root, 'node_modules/ioredis/built/Redis.js');
    fs.mkdirSync(path.dirname(plain), { recursive: true });
    fs.writeFileSync(plain, '');
    expect(lookup({ name: 'c', file: plain, line: 9, column: 2 })).toBe('node_modules/ioredis/built/Redis.js');
    expect(lookup({ name: 'd', file: 'node:net', line: 1, column: 1 })).toBeUndefined();
  });
});
