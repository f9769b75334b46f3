/**
 * The two screens a panel is shown in: the administrator's page (header and card) and a wide dialog
 * on the dashboard with a single close button. Used by the audit log and the webhooks.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Card } from './Card';
import { Dialog } from './Dialog';
import { PageHeader } from './PageHeader';

/** The panels shown this way: each names its words `<panel>.title`, `<panel>.subtitle.admin` and `.user`. */
export type PanelName = 'audit' | 'webhooks';

function usePanelTexts(panel: PanelName) {
  const { t } = useTranslation();
  return {
    title: t(`${panel}.title`),
    adminSubtitle: t(`${panel}.subtitle.admin`),
    userSubtitle: t(`${panel}.subtitle.user`),
    close: t('common.close'),
  };
}

/** `Panel` on the administrator's page and in the dashboard's dialog, with the words of `panel`. */
export function panelScreens(panel: PanelName, Panel: ComponentType) {
  function Page() {
    const texts = usePanelTexts(panel);
    return (
      <div className="stack">
        <PageHeader title={texts.title} subtitle={texts.adminSubtitle} />
        <Card>
          <Panel />
        </Card>
      </div>
    );
  }
  function PanelDialog({ onClose }: { onClose: () => void }) {
    const texts = usePanelTexts(panel);
    return (
      <Dialog
        open
        wide
        onClose={onClose}
        title={texts.title}
        description={texts.userSubtitle}
        footer={<Button onClick={onClose}>{texts.close}</Button>}
      >
        <Panel />
      </Dialog>
    );
  }
  return { Page, Dialog: PanelDialog };
}
