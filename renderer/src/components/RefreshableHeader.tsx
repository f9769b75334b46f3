import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { PageHeader } from './PageHeader';

/** A one-call screen's header; its Refresh spins while a reload runs over data already shown. */
export function RefreshableHeader({
  title,
  subtitle,
  load,
}: {
  title: string;
  subtitle: string;
  load: { reload: () => void; loading: boolean; data: unknown };
}) {
  const { t } = useTranslation();
  const refresh = (
    <Button icon="refresh" onClick={load.reload} loading={load.loading && load.data !== undefined}>
      {t('common.refresh')}
    </Button>
  );
  return <PageHeader title={title} subtitle={subtitle} actions={refresh} />;
}
