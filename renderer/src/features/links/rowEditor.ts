/** The edits of a list of rows in the link form (country targets, split traffic): change one, remove one. */
export function rowEditor<Row>(rows: readonly Row[], setRows: (rows: Row[]) => void) {
  return {
    change: (index: number, changes: Partial<Row>) =>
      setRows(rows.map((row, at) => (at === index ? { ...row, ...changes } : row))),
    remove: (index: number) => setRows(rows.filter((_, at) => at !== index)),
  };
}
