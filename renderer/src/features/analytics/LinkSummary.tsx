/** The head of a link's analytics: its title, short link (with copy), target and option badges. */
import { useTranslation } from 'react-i18next';
import type { Link } from '../../../../redirector/contract';
import { CopyButton } from '../../components/CopyButton';
import { FeatureBadges } from '../../components/FeatureBadges';
import { Icon } from '../../components/Icon';
import { shortUrlText } from '../../format/shortUrl';

export function LinkSummary({ link }: { link: Link }) {
  const { t } = useTranslation();
  const text = shortUrlText(link.short_url);
  return (
    <div className="analytics__head">
      <div className="stack stack--sm analytics__title-block">
        <h2 className="page-title">{link.title || link.short_code}</h2>
        <div className="row analytics__short">
          <Icon name="link" />
          <span className="mono">{text}</span>
          <CopyButton text={link.short_url} label={t('analytics.copyLink')} />
        </div>
        <a className="analytics__target truncate" href={link.target_url} target="_blank" rel="noopener noreferrer">
          {link.target_url}
        </a>
      </div>
      <FeatureBadges link={link} emptyDash={false} />
    </div>
  );
}
