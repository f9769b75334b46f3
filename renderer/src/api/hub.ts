/** The user's public page (docs/api.md#the-hub): read, save, delete, its avatar and its figures. */
import type {
  DateRange,
  HubPut,
  HubResponse,
  HubStatsResponse,
  Link,
  UserLinksPage,
} from '../../../redirector/contract';
import { browserTimeZone } from '../format/dates';
import { useCalls } from './ApiProvider';
import type { Credential, HttpClient } from './client';
import { useLoad } from './useLoad';

export function hubCalls(http: HttpClient, credential: Credential) {
  // Each of the page's images (avatar, background) is put as a file; the page and each image deleted alike.
  const put = (path: string) => (file: Blob) =>
    http.request<HubResponse>(path, {
      method: 'PUT',
      credential,
      content: { type: file.type || 'application/octet-stream', data: file },
    });
  const remove = (path: string) => () => http.request<undefined>(path, { method: 'DELETE', credential });
  return {
    get: (signal?: AbortSignal) => http.request<HubResponse>('/api/hub', { credential, signal }),
    save: (hub: HubPut) => http.request<HubResponse>('/api/hub', { method: 'PUT', credential, body: hub }),
    remove: remove('/api/hub'),
    setAvatar: put('/api/hub/avatar'),
    removeAvatar: remove('/api/hub/avatar'),
    setBackground: put('/api/hub/background'),
    removeBackground: remove('/api/hub/background'),
    stats: (range: DateRange | undefined, signal?: AbortSignal) =>
      http.request<HubStatsResponse>('/api/hub/stats', {
        credential,
        query: { tz: browserTimeZone(), ...range },
        signal,
      }),
    /** The user's links to pick from (the hub shows 50 at most; the 200 newest are offered). */
    async links(signal?: AbortSignal): Promise<Link[]> {
      const query = { per_page: 200, sort: 'created_at' };
      return (await http.request<UserLinksPage>('/api/links/user', { credential, query, signal })).links;
    },
  };
}

export type HubCalls = ReturnType<typeof hubCalls>;

export function useHubCalls(): HubCalls {
  return useCalls(hubCalls);
}

/** The page and the links to pick from, loaded together when the editor opens. */
export function useHubEditorData() {
  const calls = useHubCalls();
  return useLoad(
    async (signal) => {
      const [answer, links] = await Promise.all([calls.get(signal), calls.links(signal)]);
      return { hub: answer.hub, links };
    },
    [calls],
  );
}

/** The page's figures over the range (none: all time). */
export function useHubStats(range: DateRange | undefined, refresh: number) {
  const calls = useHubCalls();
  const { from, to } = range ?? {};
  return useLoad((signal) => calls.stats(from && to ? { from, to } : undefined, signal), [calls, from, to, refresh]);
}
