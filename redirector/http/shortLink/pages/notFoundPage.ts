import { pageTexts } from './pageLanguage';
import { simplePage } from './simplePage';

/** The small HTML page for an unknown short code or path, in `language` (docs/api.md#languages). */
export function notFoundPage(language: string): string {
  const t = pageTexts(language);
  return simplePage(language, t('server.notFound.title'), t('server.notFound.title'), t('server.notFound.text'));
}
