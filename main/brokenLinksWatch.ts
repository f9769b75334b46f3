/**
 * The desktop's notice of links that turn broken (docs/api.md#link-health): every minute while
 * connected and not paused, GET /api/links?health=broken on the active server; a link broken now
 * that was not at the last reading is announced once. The first reading of a server only learns
 * what is broken already, so a start or a switch of server does not announce old news.
 */
import type { Link } from '../redirector/contract/links';
import type { ActiveConnection } from './desktopState';
import { desktopTexts } from './language';

export const BROKEN_POLL_INTERVAL_MS = 60_000;
const REQUEST_TIMEOUT_MS = 8_000;

/** The links of `current` that were not broken at the last reading; none on a first reading. */
export function newlyBroken(previous: ReadonlySet<number> | undefined, current: readonly Link[]): Link[] {
  if (previous === undefined) return [];
  return current.filter((link) => !previous.has(link.id));
}

/** The notification's words for one link turned broken. */
export function brokenNotice(link: Link): { title: string; body: string } {
  const name = link.title || link.short_code;
  const t = desktopTexts();
  const reason = link.health?.error ?? t('desktopMain.brokenReasonUnknown');
  return { title: t('desktopMain.brokenTitle', { name }), body: `${link.health?.url ?? link.target_url} (${reason})` };
}

export interface BrokenLinksWatchOptions {
  fetch?: typeof fetch;
  connection: () => ActiveConnection | undefined;
  paused: () => boolean;
  notify: ((title: string, body: string) => void) | undefined;
  intervalMs?: number;
}

export function createBrokenLinksWatch(options: BrokenLinksWatchOptions): { start(): void; stop(): void } {
  const fetchFn = options.fetch ?? fetch;
  let known: { baseUrl: string; ids: Set<number> } | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function read(): Promise<void> {
    const connection = options.connection();
    if (!connection || options.paused() || !options.notify) return;
    const response = await fetchFn(`${connection.baseUrl}/api/links?health=broken&per_page=200`, {
      headers: { 'X-API-Key': connection.token, Accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) return;
    const links = (await response.json()) as Link[];
    if (!Array.isArray(links)) return;
    const previous = known?.baseUrl === connection.baseUrl ? known.ids : undefined;
    for (const link of newlyBroken(previous, links)) {
      const notice = brokenNotice(link);
      options.notify(notice.title, notice.body);
    }
    known = { baseUrl: connection.baseUrl, ids: new Set(links.map((link) => link.id)) };
  }

  function schedule(): void {
    timer = setTimeout(() => {
      read()
        .catch(() => undefined)
        .finally(schedule);
    }, options.intervalMs ?? BROKEN_POLL_INTERVAL_MS);
  }

  return {
    start() {
      if (timer) return;
      read().catch(() => undefined);
      schedule();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
