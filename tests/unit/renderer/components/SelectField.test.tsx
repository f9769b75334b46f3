// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField, type SelectFieldProps } from '../../../../renderer/src/components/SelectField';

/** Renders the field; its select, each option as [value, words], and the values it reported. */
function shown(props: Omit<SelectFieldProps<string>, 'onValueChange'>) {
  const chosen: string[] = [];
  render(<SelectField {...props} onValueChange={(value) => chosen.push(value)} />);
  const select = screen.getByRole('combobox', { name: String(props.label) }) as HTMLSelectElement;
  return { select, options: [...select.options].map((option) => [option.value, option.text]), chosen };
}

describe('SelectField', () => {
  it('labels a select of the choices, in order, and reports the one chosen', () => {
    const roles = [
      ['owner', 'Owner'],
      ['viewer', 'Viewer'],
    ] as const;
    const { select, options, chosen } = shown({ label: 'Role', name: 'role', value: 'viewer', choices: roles });
    expect(options).toEqual(roles);
    expect([select.value, select.name]).toEqual(['viewer', 'role']);
    fireEvent.change(select, { target: { value: 'owner' } });
    expect(chosen).toEqual(['owner']);
  });

  it("puts the choice of no value first when it has words ('any')", () => {
    const { select, options, chosen } = shown({
      label: 'Action',
      value: '',
      none: 'Any',
      choices: [['link', 'Links']],
    });
    expect(options).toEqual([
      ['', 'Any'],
      ['link', 'Links'],
    ]);
    fireEvent.change(select, { target: { value: 'link' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(chosen).toEqual(['link', '']);
  });
});
