// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, currentLanguage, i18next, LANGUAGE_STORAGE_KEY } from '../../../../renderer/src/i18n';

describe('the language switch', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });

  it('switches once the words are in, and keeps the choice in this browser', async () => {
    expect(await chooseLanguage('es')).toBe(true);
    expect(currentLanguage()).toBe('es');
    expect(i18next.t('landing.tagline')).not.toBe(i18next.t('landing.tagline', { lng: 'en' }));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
  });

  it('stays in its language and keeps nothing when the words cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await chooseLanguage('xx')).toBe(false);
    expect(currentLanguage()).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
