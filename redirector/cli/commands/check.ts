/** `me check`: is the database sound, and what does it hold. */
import { checkDatabase } from '../../storage/databaseCheck';
import { type Command, EXIT_FAILED, writeLine } from '../command';
import { loadCliConfig, withServices } from '../environment';

const count = (value: number) => value.toLocaleString('en-US');

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
  async run(_args, io) {
    const report = await withServices(loadCliConfig(io.env), (services) => checkDatabase(services.store), {
      upgrade: false,
    });
    const { counts } = report;
    writeLine(io.stdout, `database: ${report.engine}`);
    writeLine(io.stdout, `schema version: ${report.schemaVersion}`);
    if (report.pendingUpgrade.length > 0) {
      const versions = report.pendingUpgrade.join(', ');
      writeLine(io.stdout, `upgrade pending: migrations ${versions} (the service applies them when it next starts)`);
    }
    writeLine(io.stdout, `users: ${count(counts.users)}`);
    writeLine(io.stdout, `links: ${count(counts.links)}`);
    writeLine(io.stdout, `clicks: ${count(counts.clicks)}`);
    writeLine(io.stdout, `clicks not folded into the analytics yet: ${count(counts.unfoldedClicks)}`);
    for (const problem of report.problems) writeLine(io.stderr, `me: problem: ${problem}`);
    writeLine(io.stdout, report.problems.length === 0 ? 'ok' : `${report.problems.length} problem(s) found`);
    return report.problems.length === 0 ? 0 : EXIT_FAILED;
  },
};
