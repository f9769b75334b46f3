/**
 * A domain's fallbacks, `.well-known` documents and orphan visits
 * (docs/api.md#domain-fallbacks-and-well-known-documents, #orphan-visits): the administrator's
 * Domains screen shows the default domain's, the user's domain dialog their verified domain's.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DomainSettingsFields } from '../../../redirector/contract';
import { errorMessage } from '../api/client';
import { useDomainSettingsCalls } from '../api/domainSettings';
import { useLoad } from '../api/useLoad';
import { formatNumber } from '../format/numbers';
import { Banner } from './Banner';
import { Button } from './Button';
import { Field, TextField } from './Field';

type Fields = Record<keyof DomainSettingsFields, string>;
const URL_FIELDS = ['root_url', 'not_found_url', 'expired_url'] as const;
const DOCUMENT_FIELDS = ['apple_app_site_association', 'asset_links'] as const;

const asText = (settings: DomainSettingsFields | undefined): Fields => ({
  root_url: settings?.root_url ?? '',
  not_found_url: settings?.not_found_url ?? '',
  expired_url: settings?.expired_url ?? '',
  apple_app_site_association: settings?.apple_app_site_association ?? '',
  asset_links: settings?.asset_links ?? '',
});

/**
 * `domain`: the user's (or team's) verified custom domain; undefined: the default domain
 * (administrator). `readOnly`: shown to a team member who is not an owner, not changed.
 */
export function DomainSettingsPanel({ domain, readOnly = false }: { domain?: string; readOnly?: boolean }) {
  const calls = useDomainSettingsCalls();
  const loaded = useLoad(
    (signal) => (domain === undefined ? calls.defaultSettings(signal) : calls.ownSettings(signal)),
    [calls, domain],
  );
  if (loaded.loading && !loaded.data) return null;
  return (
    <div className="stack">
      <SettingsForm
        readOnly={readOnly}
        initial={asText(loaded.data)}
        onSave={async (fields) => {
          const changes = Object.fromEntries(
            Object.entries(fields).map(([name, value]) => [name, value.trim() || null]),
          );
          loaded.setData(
            domain === undefined
              ? await calls.setDefaultSettings(changes)
              : await calls.setOwnSettings(domain, changes),
          );
        }}
      />
      <OrphanVisits domain={domain} />
    </div>
  );
}

interface SettingsFormProps {
  initial: Fields;
  readOnly: boolean;
  onSave: (fields: Fields) => Promise<void>;
}

function SettingsForm({ initial, readOnly, onSave }: SettingsFormProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(initial);
  const [state, setState] = useState<{ busy: boolean; error: string | null; saved: boolean }>({
    busy: false,
    error: null,
    saved: false,
  });
  const change = (name: keyof Fields) => (value: string) => setFields((old) => ({ ...old, [name]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ busy: true, error: null, saved: false });
    try {
      await onSave(fields);
      setState({ busy: false, error: null, saved: true });
    } catch (caught) {
      setState({ busy: false, error: errorMessage(caught, t('domains.settings.failed')), saved: false });
    }
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={t('domains.settings.title')}>
      <h3>{t('domains.settings.title')}</h3>
      <fieldset className="stack fieldset-plain" disabled={readOnly}>
        <p className="muted text-sm">{t('domains.settings.hint')}</p>
        {URL_FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(`domains.settings.${name}`)}
            type="url"
            optional
            value={fields[name]}
            onValueChange={change(name)}
          />
        ))}
        {DOCUMENT_FIELDS.map((name) => (
          <Field key={name} label={t(`domains.settings.${name}`)} optional>
            {(control) => (
              <textarea
                {...control}
                className="input mono"
                rows={4}
                spellCheck={false}
                value={fields[name]}
                onChange={(event) => change(name)(event.target.value)}
              />
            )}
          </Field>
        ))}
      </fieldset>
      {state.error ? <Banner tone="error">{state.error}</Banner> : null}
      {state.saved ? <Banner tone="success">{t('domains.settings.saved')}</Banner> : null}
      {readOnly ? null : (
        <div>
          <Button type="submit" variant="primary" disabled={state.busy}>
            {t('domains.settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

function OrphanVisits({ domain }: { domain?: string }) {
  const { t } = useTranslation();
  const calls = useDomainSettingsCalls();
  const report = useLoad((signal) => calls.orphans(domain, undefined, signal), [calls, domain]);
  const data = report.data;
  if (!data) return null;
  return (
    <section className="stack" aria-label={t('domains.orphans.title')}>
      <h3>{t('domains.orphans.title')}</h3>
      <p className="text-sm">
        {t('domains.orphans.summary', {
          total: formatNumber(data.total),
          root: formatNumber(data.by_kind.root),
          notFound: formatNumber(data.by_kind.not_found),
          expired: formatNumber(data.by_kind.expired),
        })}
      </p>
      {data.top_paths.length > 0 ? (
        <table className="table">
          <thead>
            <tr>
              <th>{t('domains.orphans.path')}</th>
              <th>{t('domains.orphans.visits')}</th>
            </tr>
          </thead>
          <tbody>
            {data.top_paths.map((row) => (
              <tr key={row.path}>
                <td className="mono">{row.path}</td>
                <td>{formatNumber(row.visits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
