/**
 * A table of records with one column definition per column. On narrow screens each row stacks
 * into a card, each cell led by its column's label (the `data-label` the stylesheet shows).
 */
import type { Key, ReactNode } from 'react';
import { cx } from './cx';

export interface DataColumn<Row> {
  /** The header, and the label a stacked cell shows before its value. */
  label: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned figures, header included. */
  numeric?: boolean;
  /** Classes of the body cells only, or of each row's cell. */
  className?: string | ((row: Row) => string);
  /** Keeps the cell on one line (dates, durations). */
  nowrap?: boolean;
  /** The row's buttons (actionsColumn): as the last column, it stays in view while the others scroll under it. */
  actions?: boolean;
}

export interface DataTableProps<Row> {
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** A test id on every body row, or each row's own. */
  rowTestId?: string | ((row: Row) => string);
  /** Stacked rows show each label beside its value (the default) rather than above it. */
  pairs?: boolean;
  /**
   * Names the table's scrolling box, which then takes the keyboard's focus, so a table wider than
   * the screen can be scrolled without a mouse.
   */
  label?: string;
}

export function DataTable<Row>({ columns, rows, rowKey, rowTestId, pairs = true, label }: DataTableProps<Row>) {
  const region = label === undefined ? {} : { role: 'region', 'aria-label': label, tabIndex: 0 };
  return (
    <div className="table-wrap" {...region}>
      <table className={cx('table table--stack', pairs && 'table--pairs', columns.at(-1)?.actions && 'table--actions')}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={typeof rowTestId === 'function' ? rowTestId(row) : rowTestId}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={
                    cx(
                      column.numeric && 'num',
                      typeof column.className === 'function' ? column.className(row) : column.className,
                    ) || undefined
                  }
                  style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
