/**
 * The words of "My page" live in the catalogues under `hub` (redirector/contract/locales). This is
 * the dashboard's button, read in the UI's language when drawn.
 */
import { i18next } from '../../i18n';

export const HUB_TEXTS = {
  get button(): string {
    return i18next.t('hub.button');
  },
};
