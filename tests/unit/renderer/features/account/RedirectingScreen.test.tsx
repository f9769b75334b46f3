// @vitest-environment happy-dom
import '../../../../../renderer/src/i18n';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DOT_INTERVAL_MS, RedirectingScreen } from '../../../../../renderer/src/features/account/RedirectingScreen';
import { setUpFakeTimers } from '../../../../helpers/fakeTimers';

setUpFakeTimers();

describe('RedirectingScreen', () => {
  it('cycles one to three dots every 500 ms', () => {
    render(<RedirectingScreen />);
    const text = () => screen.getByRole('status').textContent;
    expect(DOT_INTERVAL_MS).toBe(500);
    expect(text()).toBe('Redirecting.');
    act(() => vi.advanceTimersByTime(500));
    expect(text()).toBe('Redirecting..');
    act(() => vi.advanceTimersByTime(500));
    expect(text()).toBe('Redirecting...');
    act(() => vi.advanceTimersByTime(500));
    expect(text()).toBe('Redirecting.');
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Redirecting...');
  });
});
