import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { playwrightFiles, table, vitestFiles } from '../../../scripts/testTimes.mjs';

const VITEST = {
  testResults: [
    { name: `${process.cwd()}/tests/a.test.ts`, startTime: 1_000, endTime: 3_500, assertionResults: [{}, {}] },
    { name: `${process.cwd()}/tests/b.test.ts`, startTime: 1_000, endTime: 11_000, assertionResults: [{}] },
  ],
};
const PLAYWRIGHT = {
  suites: [
    {
      file: 'x.spec.ts',
      specs: [{ tests: [{ results: [{ duration: 4_000 }, { duration: 1_000 }] }] }],
      suites: [{ specs: [{ tests: [{ results: [{ duration: 2_000 }] }] }] }],
    },
  ],
};

describe('the test suite timing table', () => {
  it('gives each vitest file its wall time and test count, slowest first', () => {
    const rows = vitestFiles(VITEST);
    expect(rows).toEqual([
      ['tests/a.test.ts', 2.5, 2],
      ['tests/b.test.ts', 10, 1],
    ]);
    const lines = table(rows, 10).split('\n');
    expect(lines[2]).toBe('| tests/b.test.ts | 10.0 | 1 | 80.0 % |');
    expect(lines[3]).toBe('| tests/a.test.ts | 2.5 | 2 | 20.0 % |');
    expect(lines.at(-1)).toBe('| all 2 files | 12.5 | 3 | |');
  });

  it("adds up a Playwright file's tests and their retries, nested describes included", () => {
    expect(playwrightFiles(PLAYWRIGHT)).toEqual([['tests/e2e/x.spec.ts', 7, 2]]);
  });

  it('prints both tables from the reports, and says so when there is none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'me-times-'));
    const vitest = path.join(dir, 'vitest.json');
    const playwright = path.join(dir, 'playwright.json');
    fs.writeFileSync(vitest, JSON.stringify(VITEST));
    fs.writeFileSync(playwright, JSON.stringify(PLAYWRIGHT));
    const script = path.resolve('scripts/testTimes.mjs');
    const out = execFileSync('node', [script, '--top', '1'], {
      env: { ...process.env, VITEST_REPORT: vitest, PLAYWRIGHT_REPORT: playwright },
      encoding: 'utf8',
    });
    expect(out).toContain('| tests/b.test.ts | 10.0 | 1 | 80.0 % |');
    expect(out).not.toContain('tests/a.test.ts |');
    expect(out).toContain('| tests/e2e/x.spec.ts | 7.0 | 2 | 100.0 % |');
    let failed: { status?: number; stderr?: string } = {};
    try {
      execFileSync('node', [script], {
        env: { ...process.env, VITEST_REPORT: path.join(dir, 'none'), PLAYWRIGHT_REPORT: path.join(dir, 'none') },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      failed = error as typeof failed;
    }
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('No report');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
