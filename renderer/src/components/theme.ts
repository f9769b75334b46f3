/**
 * The colour theme (docs/api.md#themes): Light, Dark or System, kept in this browser. The choice
 * resolves to light or dark on <html data-theme>, which styles/tokens.css reads; "System" follows
 * prefers-color-scheme, also when it changes while the page is open.
 */
import { useEffect, useState } from 'react';

export type ThemeChoice = 'light' | 'dark' | 'system';
export const THEME_CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];
export const THEME_STORAGE_KEY = 'me.theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return THEME_CHOICES.includes(stored as ThemeChoice) ? (stored as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the resolved theme on <html>; called once before the first render and on every change. */
export function applyTheme(choice: ThemeChoice = storedThemeChoice()): void {
  document.documentElement.dataset.theme = resolveTheme(choice, systemPrefersDark());
}

const listeners = new Set<(choice: ThemeChoice) => void>();

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // A browser that keeps nothing still switches for this page.
  }
  applyTheme(choice);
  for (const listener of listeners) listener(choice);
}

/** Follows the system's scheme while "System" is chosen. */
export function watchSystemTheme(): void {
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => applyTheme());
}

export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(storedThemeChoice);
  useEffect(() => {
    listeners.add(setChoice);
    return () => {
      listeners.delete(setChoice);
    };
  }, []);
  return [choice, setThemeChoice];
}
