import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The router's fallback screen (docs/api.md#pages). */
export function RouterErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="centred-column error-screen">
      <h1>{t('app.unexpectedError')}</h1>
      <p>{detail}</p>
    </main>
  );
}
