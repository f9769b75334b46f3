// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Pagination, placeOf, urlPaging } from '../../../../renderer/src/components/Pagination';

describe('Pagination', () => {
  it('places a paged answer: its page, page size and total, with the rows shown', () => {
    const answer = { page: 3, per_page: 50, total: 134, entries: [] };
    expect(placeOf(answer, 34)).toEqual({
      page: 3,
      perPage: 50,
      count: 34,
      total: 134,
    });
  });

  it('writes Next and the page size into the query', () => {
    const changes: { page?: number; per_page?: number }[] = [];
    render(
      <Pagination
        {...placeOf({ page: 2, per_page: 25, total: 134 }, 25)}
        {...urlPaging((change) => changes.push(change))}
        label="Links pages"
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Links pages' }).textContent).toContain('26');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '100' } });
    expect(changes).toEqual([{ page: 3 }, { per_page: 100 }]);
  });
});
