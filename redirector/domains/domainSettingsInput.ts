/**
 * A domain's settings as a call gives them (docs/api.md#domain-fallbacks-and-well-known-documents):
 * each field optional; `null` or `""` removes it; a fallback is an http(s) address that does not
 * lead back into this service; a `.well-known` document is JSON text of at most 60,000 bytes.
 */
import { DOCUMENT_FIELDS, FALLBACK_FIELDS, wellKnownProblem } from '../contract/domainSettings';
import { INVALID_URL, normaliseHttpUrl } from '../contract/urls';
import type { LinkFieldChanges } from '../links/linkValidation';
import { invalidInput } from '../ruleError';
import type { DomainSettings } from '../storage/repositories/domainSettingsRepository';

export type SelfLinkProblems = (fieldsList: readonly LinkFieldChanges[]) => Promise<(string | undefined)[]>;

/** True when `body` names any setting. */
export function namesSettings(body: Record<string, unknown>): boolean {
  return [...FALLBACK_FIELDS, ...DOCUMENT_FIELDS].some((name) => body[name] !== undefined);
}

/** Each setting of `names` that `body` gives: null or "" removes it, anything else is what `check` makes of it. */
function givenSettings<N extends keyof DomainSettings>(
  body: Record<string, unknown>,
  names: readonly N[],
  check: (name: N, value: unknown) => string,
): Partial<DomainSettings> {
  const changes: Partial<DomainSettings> = {};
  for (const name of names) {
    const value = body[name];
    if (value !== undefined) changes[name] = value === null || value === '' ? null : check(name, value);
  }
  return changes;
}

function fallbackUrl(name: string, value: unknown): string {
  const url = typeof value === 'string' ? normaliseHttpUrl(value) : undefined;
  if (url === undefined) throw invalidInput(`${name}: ${INVALID_URL}`);
  return url;
}

function wellKnownDocument(name: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidInput(`${name} must be JSON text in a string`);
  const problem = wellKnownProblem(name, value);
  if (problem) throw invalidInput(problem);
  return value;
}

/** The changes `body` asks for; RuleError 400 for a bad field. */
export async function parseDomainSettings(
  body: Record<string, unknown>,
  selfLinkProblems: SelfLinkProblems,
): Promise<Partial<DomainSettings>> {
  const changes: Partial<DomainSettings> = {
    ...givenSettings(body, FALLBACK_FIELDS, fallbackUrl),
    ...givenSettings(body, DOCUMENT_FIELDS, wellKnownDocument),
  };
  const urls = FALLBACK_FIELDS.map((name) => changes[name]).filter((url): url is string => typeof url === 'string');
  const problems = await selfLinkProblems(urls.map((url) => ({ target_url: url }) as LinkFieldChanges));
  const problem = problems.find((found) => found !== undefined);
  if (problem) throw invalidInput(problem);
  return changes;
}
