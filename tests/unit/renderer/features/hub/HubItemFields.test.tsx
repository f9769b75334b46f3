// @vitest-environment happy-dom
/**
 * The hub editor's social icons (docs/api.md#hub-items): each platform by its brand's name, and the
 * email one by the word in the UI's language.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HubItemFields } from '../../../../../renderer/src/features/hub/HubItemFields';
import { newItem } from '../../../../../renderer/src/features/hub/hubDraft';
import { i18next } from '../../../../../renderer/src/i18n';

describe('HubItemFields (social icons)', () => {
  afterEach(cleanup);

  it('names brands as they write themselves and email in the language shown', async () => {
    const item = { ...newItem('social'), socials: [{ platform: 'email' as const, url: '' }] };
    const optionsIn = async (language: string) => {
      await i18next.changeLanguage(language);
      const { getByRole, unmount } = render(<HubItemFields item={item} name="Icons" onChange={() => undefined} />);
      const options = [...getByRole('combobox').querySelectorAll('option')].map((option) => option.textContent);
      unmount();
      return options;
    };
    try {
      expect(await optionsIn('en')).toContain('Email');
      const spanish = await optionsIn('es');
      expect(spanish).toContain('GitHub');
      expect(spanish).toContain('Correo electrónico');
      expect(spanish).not.toContain('Email');
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
