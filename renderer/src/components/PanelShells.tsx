/**
 * The two screens a panel is shown in: the administrator's page (header and card) and a wide dialog
 * on the dashboard with a single close button. Used by the audit log and the webhooks.
 */
import type { ComponentType } from 'react';
import { Button } from './Button';
import { Card } from './Card';
import { Dialog } from './Dialog';
import { PageHeader } from './PageHeader';

/** The panel's title, the subtitle of each screen, and the dialog's close button. */
export interface PanelTexts {
  title: string;
  adminSubtitle: string;
  userSubtitle: string;
  close: string;
}

/** `Panel` on the administrator's page and in the dashboard's dialog, with the texts `useTexts` gives. */
export function panelScreens(useTexts: () => PanelTexts, Panel: ComponentType) {
  function Page() {
    const texts = useTexts();
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
    const texts = useTexts();
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
