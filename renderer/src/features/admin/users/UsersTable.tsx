/** One page of accounts: who, their domain, since when, their links and clicks, and what can be done. */
import type { AdminUser } from '../../../../../redirector/contract';
import { Badge } from '../../../components/Badge';
import { Button, IconButton } from '../../../components/Button';
import { formatDate } from '../../../format/dates';
import { formatNumber } from '../../../format/numbers';
import { USERS_TEXTS as TEXTS } from './usersTexts';

export interface UsersTableProps {
  users: AdminUser[];
  /** The user whose change is on its way. */
  busyId: number | null;
  onToggle: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

export function UsersTable({ users, busyId, onToggle, onDelete }: UsersTableProps) {
  const { columns } = TEXTS;
  return (
    <div className="table-wrap">
      <table className="table table--stack">
        <thead>
          <tr>
            <th scope="col">{columns.user}</th>
            <th scope="col">{columns.domain}</th>
            <th scope="col">{columns.created}</th>
            <th scope="col" className="num">
              {columns.links}
            </th>
            <th scope="col" className="num">
              {columns.clicks}
            </th>
            <th scope="col">{columns.status}</th>
            <th scope="col">{columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-testid={`user-row-${user.email}`}>
              <td data-label={columns.user}>
                <div className="cell-title">{user.name}</div>
                <div className="cell-sub">{user.email}</div>
              </td>
              <td data-label={columns.domain} className={user.custom_domain ? 'mono' : 'subtle'}>
                {user.custom_domain ?? '—'}
              </td>
              <td data-label={columns.created} style={{ whiteSpace: 'nowrap' }}>
                {formatDate(user.created_at, 'en-US')}
              </td>
              <td data-label={columns.links} className="num">
                {formatNumber(user.links)}
              </td>
              <td data-label={columns.clicks} className="num">
                {formatNumber(user.clicks)}
              </td>
              <td data-label={columns.status}>
                {user.disabled ? (
                  <Badge tone="danger">{TEXTS.disabled}</Badge>
                ) : (
                  <Badge tone="success">{TEXTS.active}</Badge>
                )}
              </td>
              <td data-label={columns.actions}>
                <div className="btn-group">
                  <Button
                    size="sm"
                    icon={user.disabled ? 'checkCircle' : 'ban'}
                    loading={busyId === user.id}
                    onClick={() => onToggle(user)}
                    aria-label={`${user.disabled ? TEXTS.enable : TEXTS.disable} ${user.email}`}
                  >
                    {user.disabled ? TEXTS.enable : TEXTS.disable}
                  </Button>
                  <IconButton
                    icon="trash"
                    tone="danger"
                    label={`${TEXTS.delete} ${user.email}`}
                    onClick={() => onDelete(user)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
