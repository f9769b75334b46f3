/**
 * The domains an API key is held to (docs/api.md#api-keys-of-a-team): a box for each domain of the
 * chosen team, its default domain and its verified custom domain; none ticked leaves `domains` out,
 * all of the team's.
 */
import { Checkbox } from '../../components/Field';
import { keysTexts } from './keysTexts';

export interface KeyDomainsFieldProps {
  /** The team's domains, the default one first. */
  domains: readonly string[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}

export function KeyDomainsField({ domains, chosen, onChange }: KeyDomainsFieldProps) {
  const TEXTS = keysTexts();
  const toggle = (host: string, checked: boolean) =>
    onChange(domains.filter((name) => (name === host ? checked : chosen.includes(name))));
  return (
    <fieldset className="fieldset api-keys__domains" aria-describedby="key-domains-hint">
      <legend className="field__label">{TEXTS.domainsLabel}</legend>
      {domains.map((host) => (
        <Checkbox
          key={host}
          name="key-domains"
          value={host}
          label={host}
          checked={chosen.includes(host)}
          onCheckedChange={(checked) => toggle(host, checked)}
        />
      ))}
      <p className="field__hint" id="key-domains-hint">
        {TEXTS.domainsHint}
      </p>
    </fieldset>
  );
}
