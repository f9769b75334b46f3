import type { ReactNode } from 'react';
import { IconButton } from './Button';
import type { DataColumn } from './DataTable';

export interface ActionsColumnOptions<Row> {
  /** The column's header ('Actions'). */
  label: string;
  /** The trash button's name for a row (it names the row, for screen readers and tests). */
  deleteLabel: (row: Row) => string;
  onDelete: (row: Row) => void;
  /** The row's own buttons before the trash one, grouped with it. */
  buttons?: (row: Row) => ReactNode;
}

/** The last column of a list whose rows can be deleted: the row's buttons, then Delete. */
export function actionsColumn<Row>({
  label,
  deleteLabel,
  onDelete,
  buttons,
}: ActionsColumnOptions<Row>): DataColumn<Row> {
  return {
    label,
    actions: true,
    cell: (row) => {
      const trash = <IconButton icon="trash" label={deleteLabel(row)} tone="danger" onClick={() => onDelete(row)} />;
      return buttons ? (
        <div className="btn-group">
          {buttons(row)}
          {trash}
        </div>
      ) : (
        trash
      );
    },
  };
}
