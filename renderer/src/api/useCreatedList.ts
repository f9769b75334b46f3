/** A list loaded once, then kept in step with each create and delete; the last create's answer kept apart. */
import { useState } from 'react';
import { useLoad } from './useLoad';

export function useCreatedList<Row extends { id: number | string }, Created>(
  calls: { list: (signal?: AbortSignal) => Promise<Row[]> },
  /** The new row in a create's answer. */
  rowOf: (created: Created) => Row,
) {
  const rows = useLoad((signal) => calls.list(signal), [calls]);
  /** The answer of the last create: its secret is shown until dismissed, then forgotten. */
  const [created, setCreated] = useState<Created | null>(null);
  return {
    rows,
    created,
    dismissCreated: () => setCreated(null),
    added(answer: Created): void {
      rows.setData((current) => [...(current ?? []), rowOf(answer)]);
      setCreated(answer);
    },
    removed(row: Row): void {
      rows.setData((current) => current?.filter((other) => other.id !== row.id));
      setCreated((shown) => (shown !== null && rowOf(shown).id === row.id ? null : shown));
    },
  };
}
