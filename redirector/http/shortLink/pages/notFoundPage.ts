import { simplePage } from './simplePage';

/** The small HTML page for an unknown short code or path. */
export function notFoundPage(): string {
  return simplePage('Link not found', 'Link not found', 'This short link does not exist or was deleted.');
}
