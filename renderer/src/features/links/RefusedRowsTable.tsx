/**
 * The rows an import left out, each with its reason in the UI's language: the CSV import's result
 * and an import job's problems (docs/api.md#imports). The list scrolls within its own box.
 */
import type { Key, ReactNode } from 'react';
import { localiseMessage } from '../../i18n/messages';
import './RefusedRowsTable.css';

/** A column naming the row: a number (right-aligned) or a code ('—' when empty). */
export interface RefusedRowColumn {
  label: string;
  kind: 'number' | 'code';
}

export interface RefusedRow {
  key: Key;
  /** One value for each column, in order. */
  names: readonly (string | number | null)[];
  /** The server's message. */
  reason: string;
}

export interface RefusedRowsTableProps {
  /** A `<caption>`, when the table has one. */
  caption?: ReactNode;
  columns: readonly RefusedRowColumn[];
  reasonLabel: string;
  rows: readonly RefusedRow[];
}

export function RefusedRowsTable({ caption, columns, reasonLabel, rows }: RefusedRowsTableProps) {
  return (
    <div className="table-wrap refused-rows">
      <table className="table">
        {caption}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.kind === 'number' ? 'num' : undefined}>
                {column.label}
              </th>
            ))}
            <th scope="col">{reasonLabel}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {columns.map((column, index) => (
                <td key={column.label} className={column.kind === 'number' ? 'num' : 'mono'}>
                  {column.kind === 'number' ? row.names[index] : row.names[index] || '—'}
                </td>
              ))}
              <td>{localiseMessage(row.reason)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
