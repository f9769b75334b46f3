/** The words of the Domain dialog (docs/api.md#custom-domains). */
import type { DomainStatus } from '../../../../redirector/contract';
import type { BadgeTone } from '../../components/Badge';

export const DOMAIN_STATUS_VIEW: Record<DomainStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  verified: { label: 'Verified', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export const DOMAIN_TEXTS = {
  title: 'Custom Domain Settings',
  description: 'Use your own domain for your short links, so they carry your brand instead of ours.',
  stateTitle: 'Custom domain',
  defaultTitle: 'Default domain',
  verified: (domain: string) => `Verified: your links are shown on ${domain}.`,
  pending: 'Prove the domain is yours: add this DNS record at your DNS provider, then check.',
  failed: 'The record was not found within 7 days. Add it, then check again to start a new week.',
  recordTitle: 'Verification record',
  record: { type: 'Type', name: 'Name', value: 'Value' },
  copy: (what: string) => `Copy ${what.toLowerCase()}`,
  checkNow: 'Check now',
  checking: 'Checking...',
  checkFailed: 'Failed to check the domain',
  lastChecked: 'Last checked',
  neverChecked: 'Not checked yet. The service also checks every 10 minutes.',
  lastError: 'Last check',
  linksLookLike: 'Your links look like',
  routingTitle: 'Point the domain at this service',
  routingSteps: (defaultDomain: string, domain: string) => [
    `Add a CNAME record for ${domain} pointing to ${defaultDomain},`,
    `or A/AAAA records for ${domain} with the addresses ${defaultDomain} has.`,
    'DNS changes can take up to 24 hours to spread.',
  ],
};
