/** The words of the admin's Domains screen (docs/api.md#custom-domains). */
import type { AdminDomain, DomainStatus } from '../../../../redirector/contract';
import type { BadgeTone } from '../../components/Badge';
import { formatNumber } from '../../format/numbers';

export const STATUS_VIEW: Record<DomainStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  verified: { label: 'Verified', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export const DOMAINS_TEXTS = {
  title: 'Domains',
  subtitle: "Users' custom domains: verified ones serve their owner's links.",
  loading: 'Loading domains...',
  loadFailed: 'Error Loading Domains',
  empty: 'No custom domains yet',
  emptyHint: 'A domain appears here once a user sets one in their Domain dialog.',
  columns: {
    domain: 'Domain',
    user: 'User',
    status: 'Status',
    checked: 'Checked',
    verified: 'Verified',
    links: 'Links',
    actions: 'Actions',
  },
  never: '—',
  verify: 'Verify',
  verifyFailed: 'Failed to verify the domain',
  delete: 'Remove',
  deleteTitle: 'Remove domain',
  deleting: 'Removing...',
  deleteFailed: 'Failed to remove the domain',
  deleteQuestion: (domain: AdminDomain) =>
    `Take ${domain.domain} from ${domain.user_email}? Its ${formatNumber(domain.links)} ${
      domain.links === 1 ? 'link goes' : 'links go'
    } back to the default domain where their short code is free there.`,
};
