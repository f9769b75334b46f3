/** Where a page sits in a list ('51–100 of 134'), Previous and Next, and the page-size choice. */
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/numbers';
import { Button } from './Button';
import { Icon } from './Icon';

export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;

export interface PaginationProps {
  page: number;
  perPage: number;
  /** Shown on this page. */
  count: number;
  /** Matching the filters, over every page. */
  total: number;
  /** Default: a page before this one. */
  hasPrev?: boolean;
  /** Default: `total` reaches past this page. */
  hasNext?: boolean;
  onPage: (page: number) => void;
  onPerPage?: (perPage: number) => void;
  /** What the list holds, for the screen reader's label ('Links pages'). */
  label: string;
}

/** Where a paged answer (`page`, `per_page`, `total`) sits, showing `count` rows of it. */
export function placeOf(
  answer: { page: number; per_page: number; total: number },
  count: number,
): Pick<PaginationProps, 'page' | 'perPage' | 'count' | 'total'> {
  return { page: answer.page, perPage: answer.per_page, count, total: answer.total };
}

/** Paging that writes the page and the page size into a list's query (the address's, see useUrlQuery). */
export function urlPaging(
  update: (change: { page?: number; per_page?: number }) => void,
): Pick<PaginationProps, 'onPage' | 'onPerPage'> {
  return { onPage: (page) => update({ page }), onPerPage: (perPage) => update({ per_page: perPage }) };
}

export function pageRange(page: number, perPage: number, count: number): { first: number; last: number } {
  const first = (page - 1) * perPage + 1;
  return count === 0 ? { first: 0, last: 0 } : { first, last: first + count - 1 };
}

export function Pagination({
  page,
  perPage,
  count,
  total,
  hasPrev = page > 1,
  hasNext = page * perPage < total,
  onPage,
  onPerPage,
  label,
}: PaginationProps) {
  const { t } = useTranslation();
  const { first, last } = pageRange(page, perPage, count);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const sizes = PAGE_SIZES.includes(perPage as (typeof PAGE_SIZES)[number])
    ? PAGE_SIZES
    : [...PAGE_SIZES, perPage].sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__status muted text-sm" aria-live="polite">
        {count === 0
          ? t('components.pagination.noneOf', { total: formatNumber(total) })
          : t('components.pagination.range', {
              first: formatNumber(first),
              last: formatNumber(last),
              total: formatNumber(total),
            })}
        <span className="subtle">
          {' '}
          · {t('components.pagination.page', { page: formatNumber(page), pages: formatNumber(pages) })}
        </span>
      </p>
      <div className="row">
        {onPerPage ? (
          <label className="pagination__size text-sm muted">
            {t('components.pagination.perPage')}
            <select className="input" value={perPage} onChange={(event) => onPerPage(Number(event.target.value))}>
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Button size="sm" icon="arrowLeft" disabled={!hasPrev} onClick={() => onPage(page - 1)}>
          {t('common.previous')}
        </Button>
        <Button size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          {t('common.next')}
          <Icon name="arrowRight" />
        </Button>
      </div>
    </nav>
  );
}
