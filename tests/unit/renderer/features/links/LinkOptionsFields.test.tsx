// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Link } from '../../../../../redirector/contract';
import { LinkFormDialog } from '../../../../../renderer/src/features/links/LinkFormDialog';
import type { LinkFormValues } from '../../../../../renderer/src/features/links/linkForm';
import { apiLink } from '../../linkFixtures';

afterEach(cleanup);

function renderForm(link: Link | null = null) {
  const submitted: LinkFormValues[] = [];
  render(
    <LinkFormDialog
      link={link}
      domain="me.example"
      onClose={() => undefined}
      onSubmit={async (values) => {
        submitted.push(values);
      }}
    />,
  );
  return submitted;
}

const section = (title: string) => screen.getByText(title, { selector: '.form-section__title' }).closest('details')!;
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('the link options in the form', () => {
  it('open a folded section whose field is refused, focus that field, and keep it open while it is fixed', async () => {
    const submitted = renderForm();
    type(/^Short Code/, 'sale');
    type(/^Target URL/, 'https://shop.example/');
    expect(section('Expiry and click limit').open).toBe(false);
    type(/^Click limit/, '0');
    await submit('Create Link');
    expect(section('Expiry and click limit').open).toBe(true);
    expect(screen.getByText('Max clicks must be a whole number of at least 1')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Click limit/));
    type(/^Click limit/, '10');
    expect(section('Expiry and click limit').open).toBe(true);
    await submit('Create Link');
    expect(submitted.map((values) => values.max_clicks)).toEqual(['10']);
  });

  it('show a protected link as "Protected" and never hold its password', () => {
    renderForm(apiLink({ has_password: true, max_clicks: 3 }));
    expect(section('Password').open).toBe(true);
    expect(section('Expiry and click limit').open).toBe(true);
    expect(section('Country targets').open).toBe(false);
    expect(screen.getAllByText('Protected').length).toBeGreaterThan(0);
    expect(document.querySelector('input[type="password"]')).toBe(null);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe('');
  });
});
