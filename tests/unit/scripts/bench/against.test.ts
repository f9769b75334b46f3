import { describe, expect, it } from 'vitest';
import {
  childBenchArgs,
  compareFigures,
  flattenFigures,
  formatComparison,
  interleaveOrder,
} from '../../../../scripts/bench/against';
import { ArgsError, parseBenchArgs } from '../../../../scripts/bench/args';

describe('--against on the command line', () => {
  it('takes a revision and needs at least 3 runs each', () => {
    expect(parseBenchArgs(['--quick', '--against', 'cc2e512']).against).toBe('cc2e512');
    expect(parseBenchArgs(['--against', 'HEAD~2', '--runs', '5']).runs).toBe(5);
    expect(() => parseBenchArgs(['--against'])).toThrow(new ArgsError('--against needs a value'));
    expect(() => parseBenchArgs(['--against', 'main', '--runs', '2'])).toThrow(
      new ArgsError('--against needs --runs 3 or more (got 2)'),
    );
  });

  it('passes every other option to each child run, with one run and a figures file of its own', () => {
    expect(
      childBenchArgs(
        ['--quick', '--against', 'cc2e512', '--store', 'postgres', '--runs', '4', '--json', 'out.json'],
        'run-3.json',
      ),
    ).toEqual(['--quick', '--store', 'postgres', '--runs', '1', '--json', 'run-3.json']);
    expect(childBenchArgs(['--against', 'main'], 'a.json')).toEqual(['--runs', '1', '--json', 'a.json']);
  });

  it("drops a narrowing option the revision's bench does not know, and keeps every other", () => {
    const argv = ['--quick', '--redirect-only', '--store', 'postgres', '--against', 'cc2e512'];
    const kept = (knows: (option: string) => boolean) => childBenchArgs(argv, 'b.json', knows).join(' ');
    expect(kept(() => false)).toBe('--quick --store postgres --runs 1 --json b.json');
    expect(kept((option) => option === '--redirect-only')).toBe(
      '--quick --redirect-only --store postgres --runs 1 --json b.json',
    );
  });
});

describe('interleaveOrder', () => {
  it('alternates the revision and the current tree, the revision first', () => {
    expect(interleaveOrder(3)).toEqual(['against', 'current', 'against', 'current', 'against', 'current']);
    expect(interleaveOrder(0)).toEqual([]);
  });
});

describe('flattenFigures', () => {
  it('keeps the numeric figures by dotted path and leaves out the run description', () => {
    const figures = flattenFigures({
      started_at: '2026-12-02T03:00:00Z',
      machine: { cpus: 2 },
      settings: { runs: 1 },
      redirect: { cpu_us: 44.7, rps: 16_559, answered: null, note: 'x' },
      postgres: { redirect: { database_cpu_us: 83.3, runs: [1, 2] } },
      events: { cpu_ratio: Number.NaN },
    });
    expect([...figures]).toEqual([
      ['redirect.cpu_us', 44.7],
      ['redirect.rps', 16_559],
      ['postgres.redirect.database_cpu_us', 83.3],
    ]);
  });
});

describe('compareFigures and formatComparison', () => {
  const run = (entries: [string, number][]) => new Map(entries);

  it('puts each side’s median beside the other with current / against', () => {
    const rows = compareFigures(
      [
        run([
          ['redirect.cpu_us', 90],
          ['redirect.split_cpu_us', 5],
        ]),
        run([['redirect.cpu_us', 80]]),
        run([['redirect.cpu_us', 100]]),
      ],
      [run([['redirect.cpu_us', 40]]), run([['redirect.cpu_us', 50]]), run([['redirect.cpu_us', 45]])],
    );
    expect(rows[0]).toEqual({
      name: 'redirect.cpu_us',
      current: 90,
      against: 45,
      ratio: 2,
      currentRuns: [90, 80, 100],
      againstRuns: [40, 50, 45],
    });
    // A figure the revision did not have yet: its median and the ratio are NaN.
    expect(rows[1]!.name).toBe('redirect.split_cpu_us');
    expect(rows[1]!.against).toBeNaN();
    expect(rows[1]!.ratio).toBeNaN();
  });

  it('prints a table with the revision’s column before the current tree’s', () => {
    const rows = compareFigures(
      [run([['redirect.rps', 10_455]]), run([['redirect.rps', 10_455]]), run([['redirect.rps', 10_455]])],
      [run([['redirect.rps', 16_559]]), run([['redirect.rps', 16_559]]), run([['redirect.rps', 16_559]])],
    );
    const text = formatComparison('cc2e512', rows, 3);
    expect(text).toContain('Medians of 3 interleaved runs each');
    const lines = text.split('\n');
    expect(lines[2]).toMatch(/^figure\s+cc2e512\s+current\s+current \/ against$/);
    expect(lines[4]).toMatch(/^redirect\.rps\s+16,559\s+10,455\s+0\.63$/);
  });
});
