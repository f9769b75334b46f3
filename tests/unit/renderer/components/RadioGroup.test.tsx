// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RadioGroup } from '../../../../renderer/src/components/RadioGroup';

describe('RadioGroup', () => {
  it('checks the chosen value under its legend and reports the choice clicked', () => {
    const chosen: string[] = [];
    render(
      <RadioGroup
        legend="Theme"
        name="theme"
        className="themes"
        choices={['light', 'dark']}
        value="dark"
        onChange={(choice) => chosen.push(choice)}
      >
        {(choice) => <span>{choice.toUpperCase()}</span>}
      </RadioGroup>,
    );
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group.className).toBe('themes');
    expect((screen.getByRole('radio', { name: 'DARK' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'LIGHT' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'LIGHT' }));
    expect(chosen).toEqual(['light']);
  });
});
