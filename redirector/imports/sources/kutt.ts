/**
 * Kutt through its API v2 (docs/api.md#imports), with the `X-API-KEY` header: links from
 * `GET /api/v2/links` in pages of `skip`/`limit` up to its `total`. Kutt keeps each link's visit
 * count, not the visits: the count is the link's `imported_clicks`. A password-protected link comes
 * without its password (Kutt never gives it), listed as a warning.
 */

import { type ApiConnection, isoTime, SOURCE_COUNT_LEFT_OUT, sourceClickCount, under } from './apiConnection';
import type { ImportSourceReader, SourceLink } from './importSource';
import { pagedLinks } from './pagedLinks';
import type { SourceHttp } from './sourceHttp';

/** Kutt's largest page. */
export const KUTT_LINKS_PER_PAGE = 50;
export const KUTT_PASSWORD_LEFT_OUT = 'Password-protected in Kutt: imported without its password';

interface KuttLink {
  id: string;
  address: string;
  target: string;
  description?: string | null;
  domain?: string | null;
  created_at?: string;
  expire_in?: string | null;
  password?: boolean;
  visit_count?: unknown;
}

interface KuttPage {
  total: number;
  skip: number;
  limit: number;
  data: KuttLink[];
}

function linkOf(link: KuttLink): SourceLink {
  const clicks = sourceClickCount(link.visit_count);
  return {
    ref: String(link.id),
    short_code: link.address,
    target_url: link.target,
    title: link.description ?? null,
    created_at: isoTime(link.created_at),
    domain: link.domain ?? null,
    fields: { expires_at: link.expire_in ?? null },
    imported_clicks: clicks,
    warnings: [
      ...(link.password ? [KUTT_PASSWORD_LEFT_OUT] : []),
      ...(clicks === undefined ? [SOURCE_COUNT_LEFT_OUT] : []),
    ],
  };
}

export function kuttReader(connection: ApiConnection, api: SourceHttp): ImportSourceReader {
  const linksAfter = pagedLinks(0, async (skip) => {
    const page = await api.get<KuttPage>(
      `${under(connection, '/api/v2/links')}?skip=${skip}&limit=${KUTT_LINKS_PER_PAGE}`,
    );
    const next = skip + page.data.length;
    return { rows: page.data.map(linkOf), next: next < page.total ? next : null };
  });
  return { linksAfter, clicksAfter: async () => [], close: async () => api.close() };
}
