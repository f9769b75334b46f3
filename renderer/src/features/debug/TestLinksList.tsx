import { useTranslation } from 'react-i18next';
import type { Link } from '../../../../redirector/contract';

/** The links "Test Links" found, each with its short path and a way to open it. */
export function TestLinksList({ links }: { links: readonly Link[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <ul className="feed">
      {links.map((link) => (
        <li key={link.id} className="feed__item">
          <span className="feed__main">
            <span className="mono">/{link.short_code}</span>
            <span className="cell-sub truncate">{link.target_url}</span>
          </span>
          <a href={link.short_url} target="_blank" rel="noopener noreferrer" className="text-sm">
            {t('common.open')}
          </a>
        </li>
      ))}
    </ul>
  );
}
