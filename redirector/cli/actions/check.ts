/** `me check`: is the database sound, and what does it hold. */
import { checkDatabase } from '../../storage/databaseCheck';
import { type CliIo, EXIT_FAILED, type ParsedArgs, writeLine } from '../command';
import { loadCliConfig, withServices } from '../environment';

const count = (value: number) => value.toLocaleString('en-US');

export async function checkTheDatabase(_args: ParsedArgs, io: CliIo): Promise<number> {
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
  const unfolded =
    counts.unfoldedClicks === undefined
      ? 'counted once the service has upgraded the database'
      : count(counts.unfoldedClicks);
  writeLine(io.stdout, `clicks not folded into the analytics yet: ${unfolded}`);
  for (const problem of report.problems) writeLine(io.stderr, `me: problem: ${problem}`);
  writeLine(io.stdout, report.problems.length === 0 ? 'ok' : `${report.problems.length} problem(s) found`);
  return report.problems.length === 0 ? 0 : EXIT_FAILED;
}
