// @vitest-environment happy-dom
/**
 * The audit log's table (docs/api.md#audit-log): rows in the server's order (newest first), the
 * actor by name or by kind, the target's label, and each change as before → after; the actor filter
 * refuses what the server would, before any call.
 */
import { cleanup, fireEvent, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../../redirector/contract/audit';
import { AuditFiltersBar } from '../../../../../renderer/src/features/audit/AuditFiltersBar';
import { AuditTable, auditValue } from '../../../../../renderer/src/features/audit/AuditTable';
import { i18next } from '../../../../../renderer/src/i18n';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-12-02T07:00:00.000Z',
  team_id: 2,
  actor: { type: 'user', id: 1, name: 'Olga Owner' },
  action: 'link.updated',
  target: { type: 'link', id: '12', label: 'promo' },
  changes: {},
  ...fields,
});

describe('AuditTable', () => {
  it('shows who did what to which thing, and each change as before → after', () => {
    const { getAllByRole, getByTestId } = render(
      <AuditTable
        entries={[
          entry(9, {
            changes: { title: ['', 'Spring'], password: ['(changed)', '(changed)'], tags: [['a'], null] },
          }),
          entry(8, {
            actor: { type: 'admin', id: null, name: '' },
            action: 'member.removed',
            target: { type: 'member', id: '7', label: 'ann@example.com' },
          }),
        ]}
      />,
    );
    const rows = getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['audit-row-9', 'audit-row-8']);
    const newest = within(getByTestId('audit-row-9'));
    expect(newest.getByText('Olga Owner')).toBeTruthy();
    expect(newest.getByText('link.updated')).toBeTruthy();
    expect(newest.getByText('promo')).toBeTruthy();
    const changes = newest.getAllByRole('listitem').map((item) => item.textContent);
    expect(changes).toEqual(['title: — → Spring', 'password: (changed) → (changed)', 'tags: ["a"] → —']);
    const older = within(getByTestId('audit-row-8'));
    expect(older.getAllByText(/Administrator/).length).toBeGreaterThan(0);
    expect(older.getByText('ann@example.com')).toBeTruthy();
    expect(older.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('speaks Spanish in its headers and names the kind of each target', async () => {
    await i18next.changeLanguage('es');
    const { getAllByRole, getByTestId } = render(
      <AuditTable
        entries={[
          entry(1, {}),
          entry(2, { target: { type: 'invitation', id: null, label: 'ann@example.com' } }),
          entry(3, { target: { type: 'gadget', id: '1', label: 'new kind' } }),
        ]}
      />,
    );
    expect(getByTestId('audit-row-1').textContent).toContain('promo · Enlace');
    expect(getByTestId('audit-row-2').textContent).toContain('ann@example.com · Invitación');
    expect(getByTestId('audit-row-3').textContent).toContain('new kind · gadget');
    expect(getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Cuándo',
      'Autor',
      'Acción',
      'Objeto',
      'Cambios',
    ]);
  });

  it('words values for people', () => {
    expect([auditValue(null), auditValue(''), auditValue('x'), auditValue(3), auditValue(false)]).toEqual([
      '—',
      '—',
      'x',
      '3',
      'false',
    ]);
  });
});

describe('AuditFiltersBar', () => {
  it('applies a valid actor and refuses a bad one with the server rule', () => {
    const applied: string[] = [];
    const { getByLabelText, getByRole, queryByText } = render(
      <AuditFiltersBar
        rangeControl={null}
        actor=""
        action=""
        onActor={(actor) => applied.push(actor)}
        onAction={() => undefined}
      />,
    );
    const input = getByLabelText(/^Actor/);
    fireEvent.change(input, { target: { value: 'bob' } });
    fireEvent.click(getByRole('button', { name: 'Filter' }));
    expect(applied).toEqual([]);
    expect(queryByText('actor must be a user id, key:<id> or admin')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' key:4 ' } });
    fireEvent.click(getByRole('button', { name: 'Filter' }));
    expect(applied).toEqual(['key:4']);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });
});
