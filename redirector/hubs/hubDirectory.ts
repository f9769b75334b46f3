/**
 * The published hubs' handles and teams, kept in memory (docs/api.md#the-hub) so that the
 * short-link edge tells a click from a hub page without a query, and a custom domain's `/` finds
 * its owner's page. Read again after every change made here, and when the table's fingerprint
 * (one small query a second) shows another instance changed it.
 */
import { type Background, runInBackground, SHARED_LOOP_JITTER } from '../background';
import { loadOnce } from '../loadOnce';
import type { HubRepository } from '../storage/repositories/hubRepository';

export const HUB_DIRECTORY_POLL_MS = 1_000;

export interface HubDirectory {
  /** Resolves once the directory is in memory. */
  ready(): Promise<void>;
  refresh(): Promise<void>;
  /** The team of the published hub with this handle. */
  ownerOf(handle: string): number | undefined;
  /** The handle of the team's published hub (docs/api.md#domains-and-hubs-of-a-team). */
  handleOf(teamId: number): string | undefined;
  stop(): void;
}

export function keepHubDirectory(hubs: Pick<HubRepository, 'directory' | 'fingerprint'>): HubDirectory {
  let owners = new Map<string, number>();
  let handles = new Map<number, string>();
  let seen = '';

  async function refresh(): Promise<void> {
    const fingerprint = await hubs.fingerprint();
    const rows = await hubs.directory();
    owners = new Map(rows.map((row) => [row.handle, Number(row.team_id)]));
    handles = new Map(rows.map((row) => [Number(row.team_id), row.handle]));
    seen = fingerprint;
  }
  const load = loadOnce(refresh);
  let watching: Background<void> | undefined;
  /** Watches for other instances' changes once something asked for the directory (never in `me`). */
  function watch(): void {
    watching ??= runInBackground(
      async () => {
        if ((await hubs.fingerprint()) !== seen) await refresh();
      },
      { what: 'reading the hub directory again', everyMs: HUB_DIRECTORY_POLL_MS, jitter: SHARED_LOOP_JITTER },
    );
  }

  return {
    ready() {
      watch();
      return load();
    },
    refresh,
    ownerOf: (handle) => owners.get(handle),
    handleOf: (teamId) => handles.get(teamId),
    stop: () => {
      void watching?.stop();
      watching = undefined;
    },
  };
}
