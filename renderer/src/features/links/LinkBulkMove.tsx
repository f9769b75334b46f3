/**
 * "Move to team…" in the list's action bar (docs/api.md#moving-links-to-another-team): a picker of
 * the user's other teams in which they may change links, and Move. The server checks both teams'
 * rules again; the bar shows its answer like any other action's.
 */
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ChoiceOptions } from '../../components/ChoiceOptions';
import { linkBulkTexts } from './linkBulkTexts';

/** A team the selected links may move to, with its label as the team switcher shows it. */
export interface BulkMoveTarget {
  id: number;
  label: string;
}

export interface LinkBulkMoveProps {
  targets: readonly BulkMoveTarget[];
  busy: boolean;
  onMove: (teamId: number) => void;
}

export function LinkBulkMove({ targets, busy, onMove }: LinkBulkMoveProps) {
  const TEXTS = linkBulkTexts();
  const [team, setTeam] = useState('');
  if (targets.length === 0) return null;
  return (
    <>
      <select
        className="input bulk-bar__team"
        aria-label={TEXTS.moveTo}
        value={team}
        onChange={(event) => setTeam(event.target.value)}
      >
        <ChoiceOptions none={TEXTS.moveTo} choices={targets.map((target) => [target.id, target.label])} />
      </select>
      <Button size="sm" disabled={busy || team === ''} onClick={() => onMove(Number(team))}>
        {TEXTS.move}
      </Button>
    </>
  );
}
