/** Table-driven unit tests: one named test per row, each row's input and answer written out. */
import { expect, it } from 'vitest';

/**
 * One test per `[input, answer]` row: `fn(input)` must equal `answer`. The title takes the row's
 * values through vitest's `%s`/`%j`/`%i` placeholders, so a failure names its row.
 */
export function itReturns<Input, Answer>(title: string, fn: (input: Input) => Answer, rows: [Input, Answer][]): void {
  it.each(rows)(title, (input, answer) => {
    expect(fn(input)).toEqual(answer);
  });
}
