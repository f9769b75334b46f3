// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../../../../renderer/src/app/RouteErrorBoundary';

function Broken(): never {
  throw new Error('the chunk did not load');
}

describe('RouteErrorBoundary', () => {
  afterEach(cleanup);

  it('shows the error screen for a screen that fails, and the next location draws again', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary location="a">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByText('the chunk did not load')).toBeTruthy();

    // The same location keeps the error screen, whatever it is given.
    rerender(
      <RouteErrorBoundary location="a">
        <p>another screen</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByText('another screen')).toBeNull();

    rerender(
      <RouteErrorBoundary location="b">
        <p>another screen</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('another screen')).toBeTruthy();
    logged.mockRestore();
  });
});
