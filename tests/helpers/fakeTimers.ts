/** Component tests on vitest's fake timers. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Every test of the file starts on fake timers; afterwards what it rendered is unmounted and real timers come back. */
export function setUpFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
}
