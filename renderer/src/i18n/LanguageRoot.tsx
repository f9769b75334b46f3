import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Draws the app again from the top when the language changes, so that every date and number
 * (format/, which reads the language rather than subscribing to it) follows at once.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <Fragment key={i18n.resolvedLanguage}>{children}</Fragment>;
}
