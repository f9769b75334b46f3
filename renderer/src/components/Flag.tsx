/**
 * A country's flag as an image (docs/api.md#countries): the flag-icons SVGs, emitted by the build as
 * files of their own and loaded only when shown, so no emoji font is needed. An unknown country
 * (`XX`) or a code without a flag gets the globe icon. Decorative: the country's name is always
 * written beside it.
 */
import { Icon } from './Icon';

const FLAG_URLS = import.meta.glob<string>('../../../node_modules/flag-icons/flags/4x3/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

const flagUrls = new Map<string, string>(
  Object.entries(FLAG_URLS).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -'.svg'.length), url]),
);

export function flagUrl(code: string | null | undefined): string | undefined {
  const lower = (code ?? '').trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(lower) || lower === 'xx') return undefined;
  return flagUrls.get(lower);
}

export function Flag({ code }: { code: string | null | undefined }) {
  const url = flagUrl(code);
  if (!url) return <Icon name="globe" className="flag flag--unknown" />;
  return <img className="flag" src={url} alt="" width={20} height={15} loading="lazy" decoding="async" />;
}
