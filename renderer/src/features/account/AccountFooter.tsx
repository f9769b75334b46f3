import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The sign-in and register pages' footer: the way to the other page, and the admin's way in. */
export function AccountFooter({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <span>{children}</span>
      <Link to="/admin/login" className="subtle">
        {t('account.footer.adminAccess')}
      </Link>
    </>
  );
}
