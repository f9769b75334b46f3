// @vitest-environment happy-dom
/**
 * The Users table's status: an invited account that has not set a password is "Invited", not "Active"
 * (docs/api.md#users); with PASSWORD_LOGIN=off no row offers a reset link (docs/api.md#single-sign-on).
 */
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../../../redirector/contract';
import { UsersTable } from '../../../../../renderer/src/features/users/UsersTable';

afterEach(cleanup);

const user = (id: number, email: string, flags: Partial<AdminUser>): AdminUser => ({
  id,
  name: email,
  email,
  custom_domain: null,
  created_at: '2025-01-05T00:00:00.000Z',
  links: 0,
  clicks: 0,
  disabled: false,
  invited: false,
  ...flags,
});

describe('UsersTable', () => {
  it('shows Invited, Active and Disabled, disabled first', () => {
    const { getByTestId } = render(
      <UsersTable
        users={[
          user(1, 'ivy@example.com', { invited: true }),
          user(2, 'pat@example.com', {}),
          user(3, 'dan@example.com', { invited: true, disabled: true }),
        ]}
        busyId={null}
        onToggle={() => undefined}
        onDelete={() => undefined}
        onAccountLink={() => undefined}
        resetLinks
      />,
    );
    const status = (email: string) => within(getByTestId(`user-row-${email}`)).getByText(/^(Invited|Active|Disabled)$/);
    expect(status('ivy@example.com').textContent).toBe('Invited');
    expect(status('pat@example.com').textContent).toBe('Active');
    expect(status('dan@example.com').textContent).toBe('Disabled');
  });

  it('offers a reset link on each row only while password sign-in is on', () => {
    const table = (resetLinks: boolean) =>
      render(
        <UsersTable
          users={[user(1, 'ivy@example.com', {}), user(2, 'pat@example.com', {})]}
          busyId={null}
          onToggle={() => undefined}
          onDelete={() => undefined}
          onAccountLink={() => undefined}
          resetLinks={resetLinks}
        />,
      );
    expect(table(true).queryAllByRole('button', { name: /^Reset link / })).toHaveLength(2);
    cleanup();
    const off = table(false);
    expect(off.queryAllByRole('button', { name: /^Reset link / })).toHaveLength(0);
    expect(off.queryAllByRole('button', { name: /^Invitation link / })).toHaveLength(2);
  });
});
