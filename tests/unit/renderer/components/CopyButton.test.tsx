// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS, CopyButton } from '../../../../renderer/src/components/CopyButton';
import { i18next } from '../../../../renderer/src/i18n';

let copied: string[] = [];

beforeEach(() => {
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await i18next.changeLanguage('en');
});

describe('CopyButton', () => {
  it('copies the text and shows a check mark for 2 seconds', async () => {
    vi.useFakeTimers();
    render(<CopyButton text="http://localhost:8080/abc" label="Copy link" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(copied).toEqual(['http://localhost:8080/abc']);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(COPY_CONFIRMATION_MS).toBe(2000);
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it("says 'Copied!' in the text variant", async () => {
    render(<CopyButton text="x" label="Copy link" variant="text" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    });
    expect(screen.getByRole('button').textContent).toBe('Copied!');
  });

  it('speaks the UI language when given no words of its own', async () => {
    await i18next.changeLanguage('es');
    render(<CopyButton text="x" variant="text" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    });
    expect(screen.getByRole('button').textContent).toBe('¡Copiado!');
  });
});
