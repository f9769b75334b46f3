import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';

/** The live panels' Live / Paused switch (docs/api.md#pages): Paused stops polling. */
export function LiveToggle({ live, onChange }: { live: boolean; onChange: (live: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="row">
      <span className="live-status" aria-live="polite">
        <span className={cx('live-dot', !live && 'live-dot--paused')} aria-hidden="true" />
        {live ? t('analytics.live.live') : t('analytics.live.paused')}
      </span>
      <Button size="sm" onClick={() => onChange(!live)} aria-pressed={!live}>
        {live ? t('analytics.live.pause') : t('analytics.live.resume')}
      </Button>
    </div>
  );
}
