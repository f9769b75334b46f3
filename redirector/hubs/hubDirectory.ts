/**
 * The published hubs' handles and teams, and the links each one shows with their schedules, kept
 * in memory (docs/api.md#the-hub) so that the short-link edge tells a click from a hub page without
 * a query, and a custom domain's `/` finds its owner's page. Read again after every change made
 * here, and when the table's fingerprint (one small query a second) shows another instance changed
 * it: every change of a hub's items is a save of the hub, which moves its updated_at. (A link moved
 * to another team leaves its old hub without a save, but its clicks are then judged by the new
 * team's hub, which does not show it.)
 */
import { type Background, runInBackground, SHARED_LOOP_JITTER } from '../background';
import { isShownAt } from '../contract/hubItems';
import { loadOnce } from '../loadOnce';
import type { DirectoryLink, HubRepository } from '../storage/repositories/hubRepository';

export const HUB_DIRECTORY_POLL_MS = 1_000;

export interface HubDirectory {
  /** Resolves once the directory is in memory. */
  ready(): Promise<void>;
  refresh(): Promise<void>;
  /** The team of the published hub with this handle. */
  ownerOf(handle: string): number | undefined;
  /** The handle of the team's published hub (docs/api.md#domains-and-hubs-of-a-team). */
  handleOf(teamId: number): string | undefined;
  /** Whether the team's published hub shows the link at `now`: a visible item, between its start and end. */
  showsLink(teamId: number, linkId: number, now: number): boolean;
  stop(): void;
}

/** A visible link item's schedule, as isShownAt reads it. */
type LinkSchedule = { visible: true; starts_at: number | null; ends_at: number | null };

/** Each team's shown links by link id. */
function linksByTeam(rows: readonly DirectoryLink[]): Map<number, Map<number, LinkSchedule>> {
  const teams = new Map<number, Map<number, LinkSchedule>>();
  const at = (value: number | null) => (value === null ? null : Number(value));
  for (const row of rows) {
    const teamId = Number(row.team_id);
    const links = teams.get(teamId) ?? new Map<number, LinkSchedule>();
    teams.set(teamId, links);
    links.set(Number(row.link_id), { visible: true, starts_at: at(row.starts_at), ends_at: at(row.ends_at) });
  }
  return teams;
}

export function keepHubDirectory(
  hubs: Pick<HubRepository, 'directory' | 'directoryLinks' | 'fingerprint'>,
): HubDirectory {
  let owners = new Map<string, number>();
  let handles = new Map<number, string>();
  let shown = new Map<number, Map<number, LinkSchedule>>();
  let seen = '';

  async function refresh(): Promise<void> {
    const fingerprint = await hubs.fingerprint();
    const [rows, links] = await Promise.all([hubs.directory(), hubs.directoryLinks()]);
    owners = new Map(rows.map((row) => [row.handle, Number(row.team_id)]));
    handles = new Map(rows.map((row) => [Number(row.team_id), row.handle]));
    shown = linksByTeam(links);
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
    showsLink(teamId, linkId, now) {
      const schedule = shown.get(teamId)?.get(linkId);
      return schedule !== undefined && isShownAt(schedule, now);
    },
    stop: () => {
      void watching?.stop();
      watching = undefined;
    },
  };
}
