import type { ReactNode } from 'react';

export function KeyValueList({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="kv-list kv-list--lg stack stack--sm">
      {rows.map((row) => (
        <div key={row.label} className="kv-list__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
