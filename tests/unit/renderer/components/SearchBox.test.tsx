// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, SearchBox } from '../../../../renderer/src/components/SearchBox';
import { setUpFakeTimers } from '../../../helpers/fakeTimers';

setUpFakeTimers();

describe('SearchBox', () => {
  it('reports the text once typing pauses, not on every key', () => {
    const searches: string[] = [];
    render(<SearchBox value="" label="Search links" onSearch={(text) => searches.push(text)} />);
    const input = screen.getByRole('searchbox', { name: 'Search links' });
    for (const text of ['s', 'sa', 'sal', 'sale ']) {
      fireEvent.change(input, { target: { value: text } });
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 50));
    }
    expect(searches).toEqual([]);
    act(() => vi.advanceTimersByTime(50));
    expect(searches).toEqual(['sale']);
  });

  it('follows a value changed from outside without reporting it back', () => {
    const searches: string[] = [];
    const onSearch = (text: string) => searches.push(text);
    const { rerender } = render(<SearchBox value="sale" label="Search" onSearch={onSearch} />);
    rerender(<SearchBox value="" label="Search" onSearch={onSearch} />);
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 2));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(searches).toEqual([]);
  });
});
