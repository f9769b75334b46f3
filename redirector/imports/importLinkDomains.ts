/**
 * Where an imported link goes (docs/api.md#imports): a row naming the team's verified domain goes
 * there, one naming another domain on the default domain, one naming none where a create without
 * one goes; and the link already holding its code there (or on another of the owner's domains,
 * where a code is taken too), which makes the row a conflict or the owner's link taken as it.
 */
import type { Scope } from '../auth/scope';
import type { LinkService } from '../links/linkService';
import type { NewLinkFields } from '../links/linkValidation';
import type { CodeHolder, ImportWrites } from '../storage/repositories/importWrites';
import type { SourceLink } from './sources/importSource';

export type Candidate = { row: SourceLink; fields: NewLinkFields };

interface PlacingDeps {
  scope: Scope;
  links: Pick<LinkService, 'domainFor'>;
  writes: Pick<ImportWrites, 'holders'>;
}

/**
 * The candidate where its row's domain puts it: a row naming none goes where a create without one
 * goes; one naming the team's verified domain goes there (without the warning that its domain was
 * left out); one naming any other domain goes on the default domain, listed (noteWarnings).
 */
export async function onItsDomain(deps: PlacingDeps, candidate: Candidate): Promise<Candidate> {
  const { row, fields } = candidate;
  const named = row.domain?.toLowerCase().replace(/\.$/, '');
  if (!named) return candidate;
  const choice = await deps.links.domainFor(deps.scope, named);
  if ('domain' in choice && choice.domain !== null) {
    return { row: { ...row, domain: null }, fields: { ...fields, domain: choice.domain } };
  }
  return { row, fields: { ...fields, domain: null } };
}

/**
 * Each candidate's domain settled (a row naming none: where a create without one goes, the team's
 * verified domain if any), and the link holding its code where it goes, if one does.
 */
export async function holdersWhereTheyGo(
  deps: PlacingDeps,
  candidates: readonly Candidate[],
): Promise<{ settled: Candidate[]; holders: Map<Candidate, CodeHolder> }> {
  const choice = candidates.some(({ fields }) => fields.domain === undefined)
    ? await deps.links.domainFor(deps.scope, undefined)
    : undefined;
  const unnamed = choice && 'domain' in choice ? choice.domain : null;
  const byDomain = new Map<string | null, Candidate[]>();
  const settled = candidates.map((candidate) => {
    const domain = candidate.fields.domain === undefined ? unnamed : candidate.fields.domain;
    const placed = { ...candidate, fields: { ...candidate.fields, domain } };
    byDomain.set(domain, [...(byDomain.get(domain) ?? []), placed]);
    return placed;
  });
  const found = new Map<Candidate, CodeHolder>();
  for (const [domain, group] of byDomain) {
    const held = new Map<string, CodeHolder>();
    const codes = group.map((candidate) => candidate.row.short_code);
    // A code's holder on the domain itself comes first (ImportWrites.holders).
    for (const holder of await deps.writes.holders(deps.scope, codes, domain))
      if (!held.has(holder.short_code)) held.set(holder.short_code, holder);
    for (const candidate of group) {
      const holder = held.get(candidate.row.short_code);
      if (holder) found.set(candidate, holder);
    }
  }
  return { settled, holders: found };
}
