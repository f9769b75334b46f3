/**
 * "My page" in the user dashboard (docs/api.md#the-hub): the handle and addresses, the words and
 * looks, the links in order, the publish switch, a live preview and the page's figures. The shell
 * (the dashboard) hands in what other features draw: the date range control and the QR dialog.
 * In a shared team it is the team's page, at the team's slug (docs/api.md#hubs-in-the-ui); a viewer
 * sees it and its figures without a way to change them.
 */

import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColorScheme, DateRange, Hub, HubItemFigures, Link } from '../../../../redirector/contract';
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
import { buttonTextOf, type HubDraft, pageAddress } from './hubDraft';
import { useHubEditor } from './useHubEditor';

export interface HubEditorProps {
  userName: string;
  /** A shared team's page: the team's name and slug (the page's handle); null for the user's own. */
  team: { name: string; slug: string } | null;
  /** A viewer of the team: the page and its figures are shown, nothing can be changed (docs/api.md#roles). */
  readOnly: boolean;
  /** The verified custom domain of the user or team, where the page is also served; null without one. */
  verifiedDomain: string | null;
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

/** Where the page is also served: the saved page's domain address, else the verified domain's root. */
function domainAddressOf(hub: Hub | null, origin: string, verifiedDomain: string | null): string | null {
  if (hub) return hub.domain_url;
  return verifiedDomain === null ? null : `${new URL(origin).protocol}//${verifiedDomain}/`;
}

function Editor(props: HubEditorProps & { initial: Hub | null; links: Link[] }) {
  const { t } = useTranslation();
  const { team, readOnly } = props;
  const editor = useHubEditor(
    props.initial,
    team ? { name: team.name, teamSlug: team.slug } : { name: props.userName },
  );
  const { hub, draft, busy, message } = editor;
  // A viewer's form changes nothing, whatever reaches it (a drag included).
  const change = readOnly ? () => undefined : editor.change;
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
      <Toolbar
        hasHub={hub !== null}
        busy={busy}
        readOnly={readOnly}
        onBack={back}
        onRemove={editor.remove}
        onSave={editor.save}
      />
      {readOnly ? <Banner tone="info">{t('hub.team.readOnly')}</Banner> : null}
      {message ? (
        <Banner tone={message.tone} onDismiss={editor.dismiss}>
          {message.tone === 'error' ? localiseMessage(message.text) : message.text}
        </Banner>
      ) : null}
      <div className="hub-editor">
        <div className="stack stack--lg">
          <Card
            title={team ? t('hub.team.title', { name: team.name }) : t('hub.title')}
            subtitle={team ? t('hub.team.subtitle') : t('hub.subtitle')}
          >
            <HubAddress
              draft={draft}
              address={address}
              domainAddress={domainAddressOf(hub, props.origin, props.verifiedDomain)}
              fixedHandle={team !== null}
              readOnly={readOnly}
              onChange={change}
              onQr={() => setQrOpen(true)}
              handleError={handleError}
              // Offered once published (docs/api.md#screens): an unsaved or unpublished address answers 404.
              live={Boolean(hub?.published) && hub?.handle === draft.handle}
            />
          </Card>
          <PageContent editor={editor} change={change} readOnly={readOnly} links={props.links} figures={itemFigures} />
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

interface PageContentProps {
  editor: ReturnType<typeof useHubEditor>;
  change: (patch: Partial<HubDraft>) => void;
  readOnly: boolean;
  links: Link[];
  figures: ReadonlyMap<number, HubItemFigures>;
}

/** The page's words, looks, options and items; a viewer's in a disabled fieldset. */
function PageContent({ editor, change, readOnly, links, figures }: PageContentProps) {
  const { t } = useTranslation();
  // A disabled fieldset: a viewer's controls are shown as they are, none of them usable.
  return (
    <fieldset className="stack stack--lg fieldset-plain" disabled={readOnly}>
      <Card title={t('hub.pageTitle')}>
        <HubAppearance draft={editor.draft} onChange={change} avatar={editor.avatar} />
      </Card>
      <Card title={t('hub.options.title')}>
        <HubPageOptions draft={editor.draft} onChange={change} background={editor.background} />
      </Card>
      <Card title={t('hub.links')}>
        <HubItemsEditor
          value={editor.draft.items}
          links={links}
          figures={figures}
          onChange={(items) => change({ items })}
        />
      </Card>
    </fieldset>
  );
}

function Toolbar(props: {
  hasHub: boolean;
  busy: boolean;
  readOnly: boolean;
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
      {props.readOnly ? null : (
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
      )}
    </div>
  );
}
