// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from '../../../../renderer/src/components/SelectField';

describe('SelectField', () => {
  it('labels a select of the choices, in order, and reports the one chosen', () => {
    const chosen: string[] = [];
    render(
      <SelectField
        label="Role"
        name="role"
        value="viewer"
        choices={[
          ['owner', 'Owner'],
          ['viewer', 'Viewer'],
        ]}
        onValueChange={(value) => chosen.push(value)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['owner', 'Owner'],
      ['viewer', 'Viewer'],
    ]);
    expect(select.value).toBe('viewer');
    expect(select.name).toBe('role');
    fireEvent.change(select, { target: { value: 'owner' } });
    expect(chosen).toEqual(['owner']);
  });

  it("puts the choice of no value first when it has words ('any')", () => {
    const chosen: string[] = [];
    render(
      <SelectField
        label="Action"
        value=""
        none="Any action"
        choices={[['link', 'Links']]}
        onValueChange={(value) => chosen.push(value)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Action' }) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Any action'],
      ['link', 'Links'],
    ]);
    fireEvent.change(select, { target: { value: 'link' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(chosen).toEqual(['link', '']);
  });
});
