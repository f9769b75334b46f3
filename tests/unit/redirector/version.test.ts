import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { VERSION } from '../../../redirector/version';
import { repoRoot } from '../../helpers/sourceScan';

it('is the version package.json names', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  expect(VERSION).toBe(pkg.version);
});
