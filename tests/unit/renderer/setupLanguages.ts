/**
 * Setup of the renderer's suites (vitest.config.mts): the UI downloads a language's words in parts
 * as screens need them (renderer/src/i18n); a test draws any screen at once, so every language's
 * whole catalogue is loaded first and English chosen, as a browser in English starts.
 */
import { beforeAll } from 'vitest';
import {
  chooseLanguage,
  i18next,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  loadWholeCatalogue,
} from '../../../renderer/src/i18n';

beforeAll(async () => {
  await loadWholeCatalogue();
  for (const language of LANGUAGES) await chooseLanguage(language);
  await i18next.changeLanguage('en');
  if (typeof window !== 'undefined') window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});
