#!/usr/bin/env node
/**
 * The test suite's time per file, from the JSON reports `npm test` writes (vitest's and
 * Playwright's, under tests/artifacts/): `npm run test:times [-- --top 20]`. Where the suite's
 * minutes go is the first question before cutting them (docs/performance.md, "The test suite's time").
 */
import fs from 'node:fs';
import path from 'node:path';

const REPORTS = {
  vitest: process.env.VITEST_REPORT ?? 'tests/artifacts/vitest.json',
  playwright: process.env.PLAYWRIGHT_REPORT ?? 'tests/artifacts/playwright.json',
};

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A test file's path from the repository's root, wherever the report was written. */
function shownPath(file) {
  const relative = path.relative(process.cwd(), file);
  const at = file.lastIndexOf('/tests/');
  return relative.startsWith('..') && at >= 0 ? file.slice(at + 1) : relative;
}

/** [file, seconds, tests] per vitest file: the file's wall time as vitest measured it. */
export function vitestFiles(report) {
  return (report?.testResults ?? []).map((result) => [
    shownPath(result.name),
    Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)) / 1000,
    result.assertionResults?.length ?? 0,
  ]);
}

/** [file, seconds, tests] per Playwright file: the sum of its tests' attempts. */
export function playwrightFiles(report) {
  const totals = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const entry = totals.get(here) ?? [0, 0];
        entry[0] += (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000;
        entry[1] += 1;
        totals.set(here, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return [...totals].map(([file, [seconds, tests]]) => [`tests/e2e/${file}`, seconds, tests]);
}

export function table(rows, top) {
  const sorted = [...rows].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, row) => sum + row[1], 0);
  const lines = ['| file | seconds | tests | share |', '| --- | ---: | ---: | ---: |'];
  for (const [file, seconds, tests] of sorted.slice(0, top)) {
    lines.push(`| ${file} | ${seconds.toFixed(1)} | ${tests} | ${((100 * seconds) / (total || 1)).toFixed(1)} % |`);
  }
  lines.push(`| all ${rows.length} files | ${total.toFixed(1)} | ${rows.reduce((s, r) => s + r[2], 0)} | |`);
  return lines.join('\n');
}

function main() {
  const at = process.argv.indexOf('--top');
  const top = at >= 0 ? Number(process.argv[at + 1]) : 15;
  const vitest = readJson(REPORTS.vitest);
  const playwright = readJson(REPORTS.playwright);
  if (!vitest && !playwright) {
    console.error(
      `No report: run npm test (or vitest / playwright) first; looked for ${Object.values(REPORTS).join(' and ')}.`,
    );
    process.exit(1);
  }
  if (vitest) console.log(`vitest, by file (seconds of each file's own run)\n\n${table(vitestFiles(vitest), top)}\n`);
  if (playwright)
    console.log(`Playwright, by file (seconds of its tests)\n\n${table(playwrightFiles(playwright), top)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
