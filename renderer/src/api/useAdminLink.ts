/**
 * One link for the admin's edit page: the one the list passed along, else found in the list
 * (there is no single-link admin call the page relies on).
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Link } from '../../../redirector/contract';
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
    calls.listLinks(controller.signal).then(
      (links) => {
        const found = links.find((candidate) => String(candidate.id) === linkId);
        if (found) setLink(found);
        else setError('Link not found');
      },
      (failure: unknown) => {
        if ((failure as Error).name !== 'AbortError') setError('Failed to load link');
      },
    );
    return () => controller.abort();
  }, [linkId, link, calls]);

  return { link, error };
}
