/**
 * One link for the admin's edit page: the one the list passed along, else GET /api/links?id= (the
 * list shows one page at a time, so the link may not be on it).
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Link } from '../../../redirector/contract';
import { ApiError } from './client';
import { useAdminCalls } from './useAdminCalls';

export function useAdminLink(linkId: string | undefined): { link: Link | undefined; error: string | null } {
  const calls = useAdminCalls();
  const passed = (useLocation().state as { link?: Link } | null)?.link;
  const [link, setLink] = useState<Link | undefined>(
    linkId !== undefined && passed && String(passed.id) === linkId ? passed : undefined,
  );
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (linkId === undefined || link) return;
    const controller = new AbortController();
    calls.getLink(linkId, controller.signal).then(setLink, (failure: unknown) => {
      if ((failure as Error).name === 'AbortError') return;
      const missing = failure instanceof ApiError && (failure.status === 404 || failure.status === 400);
      setError(missing ? 'Link not found' : 'Failed to load link');
    });
    return () => controller.abort();
  }, [linkId, link, calls]);

  return { link, error };
}
