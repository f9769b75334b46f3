import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The sign-in and register pages' footer: the way to the other page, and the admin's way in. */
export function AccountFooter({ children }: { children: ReactNode }) {
  return (
    <>
      <span>{children}</span>
      <Link to="/admin/login" className="subtle">
        Admin Access
      </Link>
    </>
  );
}
