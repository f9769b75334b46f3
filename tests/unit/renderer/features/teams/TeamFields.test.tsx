// @vitest-environment happy-dom
/** A team's name and slug, the one pair of fields of "New team" and of the rename (docs/api.md#teams). */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TeamFields } from '../../../../../renderer/src/features/teams/TeamFields';

afterEach(cleanup);

describe('TeamFields', () => {
  it('creating: the slug is optional, the name error shows, the browser suggests nothing, each change is told', () => {
    const told: string[] = [];
    render(
      <TeamFields
        name=""
        slug=""
        onName={(next) => told.push(`name ${next}`)}
        onSlug={(next) => told.push(`slug ${next}`)}
        inputNames={['team-name', 'team-slug']}
        nameError="A team needs a name"
        creating
      />,
    );
    const name = screen.getByLabelText('Team name');
    const slug = screen.getByLabelText(/^Slug/);
    expect([name.getAttribute('name'), slug.getAttribute('name')]).toEqual(['team-name', 'team-slug']);
    expect([name.getAttribute('autocomplete'), slug.getAttribute('autocomplete')]).toEqual(['off', 'off']);
    expect(screen.getByText('A team needs a name')).toBeTruthy();
    expect(screen.getByText('(optional)')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Acme' } });
    fireEvent.change(slug, { target: { value: 'acme' } });
    expect(told).toEqual(['name Acme', 'slug acme']);
  });

  it('renaming: the slug is not marked optional and the browser may suggest', () => {
    render(
      <TeamFields
        name="Acme"
        slug="acme"
        onName={() => {}}
        onSlug={() => {}}
        inputNames={['rename-team', 'rename-slug']}
      />,
    );
    expect(screen.getByLabelText('Team name').getAttribute('autocomplete')).toBeNull();
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe('acme');
    expect(screen.queryByText('(optional)')).toBeNull();
  });
});
