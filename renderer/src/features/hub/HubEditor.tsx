/**
 * "My page" in the user dashboard (docs/api.md#the-hub): the handle and addresses, the words and
 * looks, the links in order, the publish switch, a live preview and the page's figures. The shell
 * (the dashboard) hands in what other features draw: the date range control and the QR dialog.
 */

import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColorScheme, DateRange, Hub, Link } from '../../../../redirector/contract';
import { useHubEditorData, useHubStats } from '../../api/hub';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorPanel } from '../../components/ErrorPanel';
import { mayLeave, useLeaveGuard } from '../../components/leaveGuard';
import { Spinner } from '../../components/Spinner';
import { localiseMessage } from '../../i18n/messages';
import './HubEditor.css';
import { HubAddress } from './HubAddress';
import { HubAppearance } from './HubAppearance';
import { HubFigures } from './HubFigures';
import { HubItemsEditor } from './HubItemsEditor';
import { HubPageOptions } from './HubPageOptions';
import { HubPreview } from './HubPreview';
import { buttonTextOf, pageAddress } from './hubDraft';
import { useHubEditor } from './useHubEditor';

export interface HubEditorProps {
  userName: string;
  /** The service's address, where the page lives before it is saved. */
  origin: string;
  onBack: () => void;
  range: DateRange | undefined;
  rangeControl: ReactNode;
  /** Draws the QR code dialog of an address. */
  renderQr: (url: string, onClose: () => void) => ReactNode;
}

function useColorScheme(): ColorScheme {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const [dark, setDark] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const listen = (event: MediaQueryListEvent) => setDark(event.matches);
    query.addEventListener('change', listen);
    return () => query.removeEventListener('change', listen);
  }, [query]);
  return dark ? 'dark' : 'light';
}

export function HubEditor(props: HubEditorProps) {
  const { t } = useTranslation();
  const loaded = useHubEditorData();
  if (loaded.error)
    return <ErrorPanel title={t('hub.loadFailed')} message={loaded.error.message} onRetry={loaded.reload} />;
  if (!loaded.data) return <Spinner label={t('hub.title')} />;
  return <Editor {...props} initial={loaded.data.hub} links={loaded.data.links} />;
}

function Editor(props: HubEditorProps & { initial: Hub | null; links: Link[] }) {
  const { t } = useTranslation();
  const editor = useHubEditor(props.initial, props.userName);
  const { hub, draft, busy, message, change } = editor;
  const [qrOpen, setQrOpen] = useState(false);
  const scheme = useColorScheme();
  const stats = useHubStats(props.range, editor.refresh);
  const itemFigures = new Map((stats.data?.items ?? []).map((figures) => [figures.id, figures]));
  const linkItems = draft.items.filter((item) => item.type === 'link');
  const byId = new Map(props.links.map((link) => [link.id, link]));
  const address = hub && hub.handle === draft.handle ? hub.url : pageAddress(props.origin, draft.handle);
  const handleError = message?.tone === 'error' && /handle/i.test(message.text) ? message.text : null;
  // Leaving with unsaved changes asks first, whichever way (docs/api.md#screens).
  useLeaveGuard(editor.unsaved, t('hub.leaveUnsaved'));
  const back = () => {
    if (mayLeave()) props.onBack();
  };

  return (
    <div className="stack stack--lg">
      <Toolbar hasHub={hub !== null} busy={busy} onBack={back} onRemove={editor.remove} onSave={editor.save} />
      {message ? (
        <Banner tone={message.tone} onDismiss={editor.dismiss}>
          {message.tone === 'error' ? localiseMessage(message.text) : message.text}
        </Banner>
      ) : null}
      <div className="hub-editor">
        <div className="stack stack--lg">
          <Card title={t('hub.title')} subtitle={t('hub.subtitle')}>
            <HubAddress
              draft={draft}
              address={address}
              domainAddress={hub?.domain_url ?? null}
              onChange={change}
              onQr={() => setQrOpen(true)}
              handleError={handleError}
              // Offered once published (docs/api.md#screens): an unsaved or unpublished address answers 404.
              live={Boolean(hub?.published) && hub?.handle === draft.handle}
            />
          </Card>
          <Card title={t('hub.pageTitle')}>
            <HubAppearance
              draft={draft}
              onChange={change}
              canUpload
              hasAvatar={Boolean(hub?.avatar_url)}
              onAvatar={editor.upload}
              onRemoveAvatar={editor.removeAvatar}
              busy={busy}
            />
          </Card>
          <Card title={t('hub.options.title')}>
            <HubPageOptions
              draft={draft}
              onChange={change}
              canUpload={hub !== null}
              hasBackground={Boolean(hub?.background_url)}
              onBackground={editor.uploadBackground}
              onRemoveBackground={editor.removeBackground}
              busy={busy}
            />
          </Card>
          <Card title={t('hub.links')}>
            <HubItemsEditor
              value={draft.items}
              links={props.links}
              figures={itemFigures}
              onChange={(items) => change({ items })}
            />
          </Card>
        </div>
        <Card title={t('hub.preview')} className="hub-editor__preview">
          <HubPreview
            draft={draft}
            buttons={linkItems.map((item) => buttonTextOf(item, byId.get(item.link_id)))}
            avatarSrc={editor.localAvatar ?? hub?.avatar_url ?? null}
            autoScheme={scheme}
          />
        </Card>
      </div>
      {hub ? (
        <HubFigures
          range={props.range}
          rangeControl={props.rangeControl}
          draftLinks={linkItems}
          links={props.links}
          stats={stats}
        />
      ) : null}
      {qrOpen ? props.renderQr(address, () => setQrOpen(false)) : null}
    </div>
  );
}

function Toolbar(props: {
  hasHub: boolean;
  busy: boolean;
  onBack: () => void;
  onRemove: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="row row--between hub-editor__toolbar">
      <Button variant="ghost" icon="arrowLeft" onClick={props.onBack}>
        {t('hub.back')}
      </Button>
      <div className="row">
        {props.hasHub ? (
          <Button variant="danger-outline" icon="trash" disabled={props.busy} onClick={props.onRemove}>
            {t('hub.deletePage')}
          </Button>
        ) : null}
        <Button variant="primary" icon="check" disabled={props.busy} onClick={props.onSave}>
          {t('hub.save')}
        </Button>
      </div>
    </div>
  );
}
