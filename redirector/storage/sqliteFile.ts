/** The SQLite database's name in DATA_DIR, apart from the store so that `me <command> --help` reads it without loading one. */
export const SQLITE_FILE = 'me.sqlite';
