/**
 * /admin/users: every account one page at a time, searched by name or email (the state in the
 * address), with Disable/Enable and a Delete that names the user and what goes with them.
 */
import { type AdminUser, parseUserListQuery, type UserListQuery } from '../../../../redirector/contract';
import { useConfirmDelete } from '../../api/useConfirmDelete';
import { useRowChange } from '../../api/useRowChange';
import { useUserCalls, useUsers } from '../../api/users';
import { FailureBanner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { Loaded } from '../../components/LoadedList';
import { PageHeader } from '../../components/PageHeader';
import { Pagination, placeOf, urlPaging } from '../../components/Pagination';
import { SearchToolbar } from '../../components/SearchBox';
import { useUrlQuery } from '../../components/useUrlQuery';
import { AccountLinkDialog, useAccountLinks } from './AccountLinkDialog';
import { AddUserButton, useSignInOnly } from './AddUserDialog';
import { UsersTable } from './UsersTable';
import { usersTexts } from './usersTexts';

const USER_LIST_KEYS = ['q', 'page', 'per_page'] as const;

export function UsersPage() {
  const TEXTS = usersTexts();
  const calls = useUserCalls();
  const { query, update } = useUrlQuery<UserListQuery>(USER_LIST_KEYS, parseUserListQuery);
  const users = useUsers(query);
  const change = useRowChange<number>();
  const signInWith = useSignInOnly();
  const links = useAccountLinks(change.setError, TEXTS.linkFailed);
  const deletion = useConfirmDelete(TEXTS, async (user: AdminUser) => {
    await calls.remove(user.id);
    users.reload();
  });

  const toggle = (user: AdminUser) =>
    change.run(user.id, TEXTS.changeFailed, async () => {
      const saved = await calls.setDisabled(user.id, !user.disabled);
      users.setData((page) =>
        page ? { ...page, users: page.users.map((row) => (row.id === user.id ? { ...row, ...saved } : row)) } : page,
      );
    });

  return (
    <div className="stack">
      <PageHeader
        title={TEXTS.title}
        subtitle={TEXTS.subtitle}
        actions={
          <AddUserButton
            signInWith={signInWith}
            onCreated={(user) => {
              users.reload();
              links.showInvitation(user);
            }}
          />
        }
      />
      <FailureBanner message={change.error} onDismiss={() => change.setError(null)} />
      <Loaded load={users} texts={TEXTS}>
        {(page) => (
          <Card flush>
            <SearchToolbar q={query.q} onQuery={update} label={TEXTS.search} placeholder={TEXTS.searchPlaceholder} />
            {page.users.length > 0 ? (
              <UsersTable
                users={page.users}
                busyId={change.busy}
                onToggle={toggle}
                onDelete={deletion.ask}
                onAccountLink={links.make}
                resetLinks={signInWith === null}
              />
            ) : query.q ? (
              <EmptyState
                icon="search"
                title={TEXTS.noMatch}
                description={TEXTS.noMatchHint}
                action={<Button onClick={() => update({ q: '' })}>{TEXTS.clearSearch}</Button>}
              />
            ) : (
              <EmptyState icon="users" title={TEXTS.empty} description={TEXTS.emptyHint} />
            )}
            <Pagination
              {...placeOf({ ...query, total: page.total }, page.users.length)}
              {...urlPaging(update)}
              label={TEXTS.pages}
            />
          </Card>
        )}
      </Loaded>
      <ConfirmDialog {...deletion.dialog} />
      {links.shown ? <AccountLinkDialog link={links.shown} onClose={() => links.setShown(null)} /> : null}
    </div>
  );
}
