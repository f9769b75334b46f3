/**
 * The link list's action bar (docs/api.md#bulk-changes): how many links are selected, "select all N
 * matching" (then the change names the list's filters, every page of them), and the bulk actions:
 * archive, unarchive, turn on, turn off, add or remove a tag, move to another team
 * (docs/api.md#moving-links-to-another-team), delete (after a confirmation). The
 * answer says how many links changed and why any was refused.
 */
import { useState } from 'react';
import type { BulkAction, BulkBody, BulkFilter, BulkResult } from '../../../../redirector/contract';
import { ApiError } from '../../api/client';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { localiseMessage } from '../../i18n/messages';
import { type BulkMoveTarget, LinkBulkMove } from './LinkBulkMove';
import { linkBulkTexts } from './linkBulkTexts';
import type { LinkSelection } from './useLinkSelection';

export interface LinkBulkActions {
  run: (body: BulkBody) => Promise<BulkResult>;
  /** After a change: the list and its tags read again. */
  onDone: () => void;
  /** The teams the links may move to (none: no "Move to team…"). */
  moveTargets?: readonly BulkMoveTarget[];
}

export interface LinkBulkBarProps extends LinkBulkActions {
  selection: LinkSelection;
  /** Links matching the list's filters, on every page. */
  total: number;
  filter: BulkFilter;
}

const SWITCHES: BulkAction[] = ['archive', 'unarchive', 'enable', 'disable'];

function resultText(result: BulkResult): string {
  const TEXTS = linkBulkTexts();
  const done = TEXTS.done(result.done);
  const first = result.failed[0];
  return first ? `${done} ${TEXTS.failed(result.failed.length, localiseMessage(first.error))}` : done;
}

export function LinkBulkBar({ selection, total, filter, run, onDone, moveTargets = [] }: LinkBulkBarProps) {
  const TEXTS = linkBulkTexts();
  const [busy, setBusy] = useState(false);
  const [tag, setTag] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'warning' | 'error'; text: string } | null>(null);
  const count = selection.allMatching ? total : selection.ids.size;

  async function act(action: BulkAction, extra: Partial<BulkBody> = {}) {
    const which = selection.allMatching ? { filter } : { ids: [...selection.ids] };
    setBusy(true);
    try {
      const result = await run({ ...which, action, ...extra });
      setOutcome({ tone: result.failed.length > 0 ? 'warning' : 'success', text: resultText(result) });
      selection.clear();
      setTag('');
      onDone();
    } catch (error) {
      const message = error instanceof ApiError ? localiseMessage(error.message) : String(error);
      setOutcome({ tone: 'error', text: TEXTS.error(message) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const banner = outcome ? (
    <Banner tone={outcome.tone} onDismiss={() => setOutcome(null)}>
      {outcome.text}
    </Banner>
  ) : null;
  if (count === 0) return banner;
  const tagged = tag.trim() === '' ? undefined : { tags: [tag.trim()] };
  return (
    <>
      {banner}
      <section className="list-toolbar bulk-bar" aria-label={TEXTS.region} data-testid="bulk-bar">
        <strong>{TEXTS.selected(count)}</strong>
        {selection.allMatching ? null : total > count ? (
          <Button size="sm" variant="ghost" onClick={selection.selectAllMatching}>
            {TEXTS.selectAll(total)}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={selection.clear}>
          {TEXTS.clear}
        </Button>
        <div className="row bulk-bar__actions">
          {SWITCHES.map((action) => (
            <Button key={action} size="sm" disabled={busy} onClick={() => act(action)}>
              {TEXTS.actions[action as keyof typeof TEXTS.actions]}
            </Button>
          ))}
          <input
            className="input bulk-bar__tag"
            aria-label={TEXTS.tag}
            placeholder={TEXTS.tagPlaceholder}
            value={tag}
            onChange={(event) => setTag(event.target.value)}
          />
          <Button size="sm" disabled={busy || !tagged} onClick={() => act('tag', tagged)}>
            {TEXTS.addTag}
          </Button>
          <Button size="sm" disabled={busy || !tagged} onClick={() => act('untag', tagged)}>
            {TEXTS.removeTag}
          </Button>
          <LinkBulkMove targets={moveTargets} busy={busy} onMove={(team) => act('move', { team })} />
          <Button size="sm" variant="danger-outline" disabled={busy} onClick={() => setConfirming(true)}>
            {TEXTS.delete}
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={confirming}
        title={TEXTS.confirmTitle}
        message={TEXTS.confirmMessage(count)}
        confirmLabel={TEXTS.delete}
        busyLabel={TEXTS.deleting}
        busy={busy}
        danger
        onConfirm={() => act('delete')}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
