/** `me check`: its help and arguments; the check itself is actions/check.ts, loaded when it runs. */
import type { Command } from '../command';

export const checkCommand: Command = {
  name: 'check',
  summary: "check the database's integrity and count what it holds",
  help: `Usage: me check

Checks the database the service uses: on SQLite PRAGMA integrity_check and foreign_key_check, on
PostgreSQL the connection; on both that every table of the applied migrations is there, and which
migrations of this version the service will apply on its next start (check changes nothing). Then
counts users, links, clicks and the clicks not yet folded into the analytics (SQLite).
Exits 1 when it finds a problem. Safe while the service runs (on a large SQLite database the
integrity check reads the whole file).`,
  run: async (args, io) => (await import('../actions/check')).checkTheDatabase(args, io),
};
