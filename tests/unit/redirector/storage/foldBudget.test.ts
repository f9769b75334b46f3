import { describe, expect, it } from 'vitest';
import { foldBudget, foldCredit } from '../../../../redirector/storage/foldBudget';

const policy = () => foldBudget({ busyBudgetMs: 1, idleBudgetMs: 20, rampFromMs: 60_000, rampToMs: 300_000 });

describe('foldBudget', () => {
  it('gives the busy budget while clicks keep arriving, the idle one when they stop, and ramps up for a long backlog', () => {
    const budget = policy();
    expect(budget.budget(true, 0)).toBe(1);
    expect(budget.budget(false, 1_000)).toBe(20);
    expect(budget.budget(true, 180_000)).toBeCloseTo(10.5);
    budget.drained();
    expect(budget.budget(true, 400_000)).toBe(1);
  });
});

describe('foldCredit', () => {
  it('saves a busy budget up to one slice before it folds, then folds that slice', () => {
    const credit = foldCredit(policy(), 5);
    const given = [0, 1, 2, 3, 4].map((turn) => credit.take(true, turn * 50));
    expect(given).toEqual([0, 0, 0, 0, 5]);
    credit.spent(5);
    expect(credit.take(true, 250)).toBe(0);
  });

  it('makes later turns pay back a fold that ran over', () => {
    const credit = foldCredit(policy(), 5);
    for (let turn = 0; turn < 5; turn++) credit.take(true, turn * 50);
    credit.spent(9);
    // 4 ms owed: eight more busy turns before the next slice.
    const waited = Array.from({ length: 9 }, (_, turn) => credit.take(true, (turn + 5) * 50));
    expect(waited).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 5]);
  });

  it('gives the whole idle budget every turn once clicks stop, less what the last turn ran over', () => {
    const credit = foldCredit(policy(), 5);
    expect(credit.take(false, 0)).toBe(20);
    credit.spent(20);
    expect(credit.take(false, 50)).toBe(20);
    credit.spent(23);
    expect(credit.take(false, 100)).toBe(17);
  });

  it('keeps no savings past a drained queue, but keeps a debt', () => {
    const credit = foldCredit(policy(), 5);
    for (let turn = 0; turn < 4; turn++) credit.take(true, turn * 50);
    credit.drained();
    expect(credit.take(true, 200)).toBe(0);
    expect([1, 2, 3, 4].map((turn) => credit.take(true, 200 + turn * 50))).toEqual([0, 0, 0, 5]);
    credit.spent(7);
    credit.drained();
    expect([1, 2, 3, 4, 5, 6].map((turn) => credit.take(true, 500 + turn * 50))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(credit.take(true, 850)).toBe(5);
  });
});
