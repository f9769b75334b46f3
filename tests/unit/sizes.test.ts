import { describe, expect, it } from 'vitest';
import { readSource, scanSource, sourceFiles } from '../helpers/sourceScan';

// Files stay small and a function does one thing (STYLE.md, "Habits"): no source file over 300
// lines and no function over 100, outside the tests and the bench scripts, whose long tables and
// scenarios read best in one place.

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 100;

const checkedFolders = ['redirector', 'renderer', 'main', 'preload', 'extension', 'scripts', 'bin'];

function isChecked(file: string): boolean {
  return !file.startsWith('scripts/bench/') && file !== 'scripts/bench.ts';
}

/** `file: N lines` for a file over the limit. */
function longFile(file: string, text: string): string | null {
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  return lines > MAX_FILE_LINES ? `${file}: ${lines} lines` : null;
}

/** `file:line: name, N lines` for every function over the limit. */
function longFunctions(file: string, text: string): string[] {
  return scanSource(file, text)
    .functions.map((fn) => ({ ...fn, lines: fn.endLine - fn.line + 1 }))
    .filter((fn) => fn.lines > MAX_FUNCTION_LINES)
    .map((fn) => `${file}:${fn.line}: ${fn.name}, ${fn.lines} lines`);
}

const files = sourceFiles(...checkedFolders).filter(isChecked);

describe('sizes', () => {
  it('finds the files it checks', () => {
    expect(files).toContain('redirector/server.ts');
    expect(files).toContain('scripts/start.mjs');
    expect(files.some((file) => file.startsWith('renderer/') && file.endsWith('.tsx'))).toBe(true);
    expect(files).not.toContain('scripts/bench.ts');
  });

  it(`no source file over ${MAX_FILE_LINES} lines`, () => {
    expect(files.map((file) => longFile(file, readSource(file))).filter((text) => text !== null)).toEqual([]);
  });

  it(`no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap((file) => longFunctions(file, readSource(file)))).toEqual([]);
  });
});

describe('each size rule reports its file and line', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `const a${i} = ${i};`).join('\n');

  it('a long file', () => {
    expect(longFile('redirector/x.ts', `${lines(301)}\n`)).toBe('redirector/x.ts: 301 lines');
    expect(longFile('redirector/x.ts', `${lines(300)}\n`)).toBeNull();
  });

  it('a long function, a long arrow function and a long method, nested or not', () => {
    const body = lines(99);
    const source = [
      `function short() {\n${lines(98)}\n}`,
      `export function long() {\n${body}\n}`,
      `const arrow = () => {\n${body}\n};`,
      `class C {\n  method() {\n${body}\n  }\n}`,
    ].join('\n');
    expect(longFunctions('redirector/x.ts', source)).toEqual([
      'redirector/x.ts:101: long, 101 lines',
      'redirector/x.ts:202: (anonymous), 101 lines',
      'redirector/x.ts:304: (anonymous), 101 lines',
    ]);
  });
});
