import { pageTexts, perLanguage } from './pageLanguage';
import { simplePage } from './simplePage';

/** The 410 answer of a link whose owner's account is disabled: nothing is recorded, nothing indexed. */
export const disabledLinkBody = perLanguage((language) => {
  const t = pageTexts(language);
  return Buffer.from(
    simplePage(language, t('server.disabled.title'), t('server.disabled.heading'), t('server.disabled.text')),
    'utf8',
  );
});

/** The 404 answers of a link turned off or not started yet (docs/api.md#schedule-and-switch). */
export const turnedOffBody = perLanguage((language) => {
  const t = pageTexts(language);
  return Buffer.from(
    simplePage(language, t('server.turnedOff.title'), t('server.turnedOff.heading'), t('server.turnedOff.text')),
    'utf8',
  );
});

export const notStartedBody = perLanguage((language) => {
  const t = pageTexts(language);
  return Buffer.from(
    simplePage(language, t('server.notStarted.title'), t('server.notStarted.heading'), t('server.notStarted.text')),
    'utf8',
  );
});

export const DISABLED_LINK_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // Enabling the account again must bring the link back at once.
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
};

/** The 410 answer of a hub whose owner's account is disabled (docs/api.md#the-hub). */
export const disabledHubBody = perLanguage((language) => {
  const t = pageTexts(language);
  return Buffer.from(
    simplePage(language, t('server.hubDisabled.title'), t('server.hubDisabled.heading'), t('server.hubDisabled.text')),
    'utf8',
  );
});
