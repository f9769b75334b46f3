import { useEffect, useState } from 'react';
import { shortLinkBase } from '../format/shortUrl';
import type { ApiClient } from '.';
import { useApi } from './ApiProvider';

// Per client: the desktop app builds a new one for each server it switches to.
const publicUrls = new WeakMap<ApiClient, Promise<string | null>>();

/**
 * Where short links live: the server's PUBLIC_URL (asked once per API client), and until it
 * answers, or if it can't, the API's own origin.
 */
export function useShortLinkBase(): string {
  const api = useApi();
  const [base, setBase] = useState(() => shortLinkBase(api.http.baseUrl));
  useEffect(() => {
    let live = true;
    let publicUrl = publicUrls.get(api);
    if (!publicUrl) {
      publicUrl = api.admin.publicUrl().catch(() => null);
      publicUrls.set(api, publicUrl);
    }
    void publicUrl.then((url) => {
      if (live && url) setBase(url.replace(/\/+$/, ''));
    });
    return () => {
      live = false;
    };
  }, [api]);
  return base;
}
