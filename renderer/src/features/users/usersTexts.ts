/** The words of the admin's Users screen. */
import type { AdminUser } from '../../../../redirector/contract';
import { formatNumber } from '../../format/numbers';

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

export const USERS_TEXTS = {
  title: 'Users',
  subtitle: 'Every account, with its links and clicks.',
  search: 'Search users',
  searchPlaceholder: 'Search by name or email',
  pages: 'User pages',
  loading: 'Loading users...',
  loadFailed: 'Error Loading Users',
  empty: 'No users yet',
  emptyHint: 'Accounts appear here once people register or you add them.',
  noMatch: 'No users match',
  noMatchHint: 'Try another name or email.',
  clearSearch: 'Clear search',
  columns: {
    user: 'User',
    domain: 'Domain',
    created: 'Created',
    links: 'Links',
    clicks: 'Clicks',
    status: 'Status',
    actions: 'Actions',
  },
  active: 'Active',
  disabled: 'Disabled',
  disable: 'Disable',
  enable: 'Enable',
  delete: 'Delete',
  invite: 'Invitation link',
  reset: 'Reset link',
  addUser: 'Add user',
  linkFailed: 'The link could not be made',
  changeFailed: 'Failed to update user',
  deleteTitle: 'Delete user',
  deleting: 'Deleting...',
  deleteFailed: 'Failed to delete user',
  deleteQuestion: (user: AdminUser) =>
    `Delete ${user.name} (${user.email})? Their ${plural(user.links, 'link', 'links')} and ${plural(
      user.clicks,
      'click',
      'clicks',
    )} are deleted with the account. This cannot be undone.`,
};
