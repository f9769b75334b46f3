import type { DomainStatus } from '../../../redirector/contract';
import { Badge, type BadgeTone } from './Badge';

const TONES: Record<DomainStatus, BadgeTone> = { pending: 'warning', verified: 'success', failed: 'danger' };

/** A custom domain's state (docs/api.md#custom-domains) in its colour: waiting, verified or failed. */
export function DomainStatusBadge({ status, label }: { status: DomainStatus; label: string }) {
  return <Badge tone={TONES[status]}>{label}</Badge>;
}
