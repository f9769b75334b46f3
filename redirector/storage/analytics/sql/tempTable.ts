/**
 * A connection's scratch table, made once per connection (SQLite keeps temp_store in MEMORY, so it
 * never touches the disk): `columns` maps each column to its type and constraints.
 */
export function tempTableSql(name: string, columns: Record<string, string>): string {
  const definitions = Object.entries(columns).map(([column, type]) => `${column} ${type}`);
  return `CREATE TEMP TABLE IF NOT EXISTS ${name} (${definitions.join(', ')})`;
}
