import { useEffect, useState } from 'react';
import { shortLinkBase } from '../features/analytics/analyticsFormat';
import { useApi } from './ApiProvider';
import { apiBaseUrl } from './apiBase';

let publicUrl: Promise<string | null> | undefined;

/**
 * Where short links live: the server's PUBLIC_URL (asked once per page load), and until it
 * answers, or if it can't, the API's own origin.
 */
export function useShortLinkBase(): string {
  const api = useApi();
  const [base, setBase] = useState(() => shortLinkBase(apiBaseUrl()));
  useEffect(() => {
    let live = true;
    publicUrl ??= api.admin.publicUrl().catch(() => null);
    void publicUrl.then((url) => {
      if (live && url) setBase(url.replace(/\/+$/, ''));
    });
    return () => {
      live = false;
    };
  }, [api]);
  return base;
}
