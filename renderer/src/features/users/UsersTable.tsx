/** One page of accounts: who, their domain, since when, their links and clicks, and what can be done. */
import type { AdminUser } from '../../../../redirector/contract';
import { actionsColumn } from '../../components/actionsColumn';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { formatDate } from '../../format/dates';
import { formatNumber } from '../../format/numbers';
import { usersTexts } from './usersTexts';

export interface UsersTableProps {
  users: AdminUser[];
  /** The user whose change is on its way. */
  busyId: number | null;
  onToggle: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  /** Makes and shows a one-time invitation or reset link (docs/api.md#accounts). */
  onAccountLink: (user: AdminUser, kind: 'invite' | 'reset') => void;
  /** False with PASSWORD_LOGIN=off: a reset link sets a password nobody may sign in with. */
  resetLinks: boolean;
}

export function UsersTable({ users, busyId, onToggle, onDelete, onAccountLink, resetLinks }: UsersTableProps) {
  const TEXTS = usersTexts();
  const { columns } = TEXTS;
  const userColumns: DataColumn<AdminUser>[] = [
    {
      label: columns.user,
      cell: (user) => (
        <>
          <div className="cell-title">{user.name}</div>
          <div className="cell-sub">{user.email}</div>
        </>
      ),
    },
    {
      label: columns.domain,
      className: (user) => (user.custom_domain ? 'mono' : 'subtle'),
      cell: (user) => user.custom_domain ?? '—',
    },
    { label: columns.created, nowrap: true, cell: (user) => formatDate(user.created_at) },
    { label: columns.links, numeric: true, cell: (user) => formatNumber(user.links) },
    { label: columns.clicks, numeric: true, cell: (user) => formatNumber(user.clicks) },
    {
      label: columns.status,
      cell: (user) => <UserStatus user={user} texts={TEXTS} />,
    },
    actionsColumn({
      label: columns.actions,
      deleteLabel: (user) => `${TEXTS.delete} ${user.email}`,
      onDelete,
      buttons: (user) => (
        <>
          <Button
            size="sm"
            icon={user.disabled ? 'checkCircle' : 'ban'}
            loading={busyId === user.id}
            onClick={() => onToggle(user)}
            aria-label={`${user.disabled ? TEXTS.enable : TEXTS.disable} ${user.email}`}
          >
            {user.disabled ? TEXTS.enable : TEXTS.disable}
          </Button>
          <Button size="sm" onClick={() => onAccountLink(user, 'invite')} aria-label={`${TEXTS.invite} ${user.email}`}>
            {TEXTS.invite}
          </Button>
          {resetLinks ? (
            <Button size="sm" onClick={() => onAccountLink(user, 'reset')} aria-label={`${TEXTS.reset} ${user.email}`}>
              {TEXTS.reset}
            </Button>
          ) : null}
        </>
      ),
    }),
  ];
  return (
    <DataTable
      columns={userColumns}
      rows={users}
      rowKey={(user) => user.id}
      rowTestId={(user) => `user-row-${user.email}`}
      pairs={false}
    />
  );
}

/** Disabled first; else an account made without a password that nobody has signed up to yet is Invited, not Active. */
function UserStatus({ user, texts }: { user: AdminUser; texts: ReturnType<typeof usersTexts> }) {
  if (user.disabled) return <Badge tone="danger">{texts.disabled}</Badge>;
  if (user.invited) return <Badge tone="info">{texts.invited}</Badge>;
  return <Badge tone="success">{texts.active}</Badge>;
}
