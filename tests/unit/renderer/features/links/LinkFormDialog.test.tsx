// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Link } from '../../../../../redirector/contract';
import { ApiError } from '../../../../../renderer/src/api/client';
import { LinkFormDialog } from '../../../../../renderer/src/features/links/LinkFormDialog';
import type { LinkDomains } from '../../../../../renderer/src/features/links/linkDomain';
import type { LinkFormValues } from '../../../../../renderer/src/features/links/linkForm';
import { apiLink } from '../../../../helpers/linkFixtures';

afterEach(cleanup);

const NO_CUSTOM_DOMAIN: LinkDomains = { defaultHost: 'me.example', verified: null };

function renderForm(
  link: Link | null = null,
  submit?: (values: LinkFormValues, domain: string | null | undefined) => Promise<void>,
  domains = NO_CUSTOM_DOMAIN,
) {
  const submitted: LinkFormValues[] = [];
  render(
    <LinkFormDialog
      link={link}
      domains={domains}
      onClose={() => undefined}
      onSubmit={async (values, _link, domain) => {
        submitted.push(values);
        await submit?.(values, domain);
      }}
    />,
  );
  return submitted;
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('LinkFormDialog', () => {
  it('prefills a random short code that Regenerate replaces, as the admin page does', () => {
    renderForm();
    const code = screen.getByLabelText(/^Short Code/) as HTMLInputElement;
    expect(code.value).toMatch(/^[A-Za-z0-9]{6}$/);
    const first = code.value;
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(code.value).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(code.value).not.toBe(first);
  });

  it('opens with the focus on the destination, asked before the short code', () => {
    renderForm();
    const target = screen.getByLabelText(/^Target URL/);
    expect(document.activeElement).toBe(target);
    const code = screen.getByLabelText(/^Short Code/);
    expect(target.compareDocumentPosition(code) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('blocks an empty or invalid form with messages and sends nothing', async () => {
    const submitted = renderForm();
    type(/^Short Code/, '');
    await submit('Create Link');
    expect(screen.getByText('Please enter a short code')).toBeTruthy();
    expect(screen.getByText('Please enter a target URL')).toBeTruthy();
    type(/^Short Code/, 'ok-code');
    type(/^Target URL/, 'example dot com');
    await submit('Create Link');
    expect(screen.getByText('Please enter a valid URL')).toBeTruthy();
    expect(submitted).toEqual([]);
  });

  it('reveals the redirect address (prefilled) and the exit address with their checkboxes', async () => {
    const submitted = renderForm();
    expect(screen.queryByLabelText(/^Redirect URL/)).toBe(null);
    expect(screen.queryByLabelText(/^Exit URL/)).toBe(null);
    fireEvent.click(screen.getByLabelText(/^Country redirect/));
    fireEvent.click(screen.getByLabelText(/^Instagram exit/));
    expect((screen.getByLabelText(/^Redirect URL/) as HTMLInputElement).value).toBe('https://www.google.com/');
    type(/^Short Code/, 'sale');
    type(/^Target URL/, 'https://shop.example/');
    await submit('Create Link');
    expect(screen.getByText('Please enter an exit URL')).toBeTruthy();
    type(/^Exit URL/, 'https://shop.example/ig');
    await submit('Create Link');
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({
      short_code: 'sale',
      enable_country_redirect: true,
      country_redirect_url: 'https://www.google.com/',
      enable_instagram_exit: true,
      instagram_exit_url: 'https://shop.example/ig',
    });
  });

  it("shows the server's message when saving fails", async () => {
    renderForm(null, async () => {
      throw new ApiError(409, 'x', { error: 'That short code is already taken' });
    });
    type(/^Short Code/, 'taken');
    type(/^Target URL/, 'https://example.com/');
    await submit('Create Link');
    expect(screen.getByRole('alert').textContent).toBe('That short code is already taken');
  });

  it('locks the short code when editing and offers Update Link', () => {
    renderForm(
      apiLink({
        id: 3,
        title: 'Old',
        short_code: 'fixed',
        created_at: '2025-01-05T00:00:00.000Z',
        enable_tiktok_bypass: true,
      }),
    );
    const code = screen.getByLabelText(/^Short Code/) as HTMLInputElement;
    expect(code.value).toBe('fixed');
    expect(code.disabled).toBe(true);
    expect((screen.getByLabelText(/^TikTok bypass page/) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Update Link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});

describe('the domain choice', () => {
  const verified: LinkDomains = { defaultHost: 'me.example', verified: 'go.ada.example' };
  const prefix = () => document.querySelector('.input-affix__prefix')?.textContent;

  it('is not offered without a verified domain, and the body then leaves the domain out', async () => {
    const domains: (string | null | undefined)[] = [];
    renderForm(null, async (_values, domain) => void domains.push(domain));
    expect(screen.queryByLabelText(/^Domain/)).toBe(null);
    expect(prefix()).toBe('me.example/');
    type(/^Short Code/, 'plain');
    type(/^Target URL/, 'https://example.com/');
    await submit('Create Link');
    expect(domains).toEqual([undefined]);
  });

  it('starts a new link on the verified domain, as the server does, and may put it on the default one', async () => {
    const domains: (string | null | undefined)[] = [];
    renderForm(null, async (_values, domain) => void domains.push(domain), verified);
    const select = screen.getByLabelText(/^Domain/) as HTMLSelectElement;
    expect(select.value).toBe('go.ada.example');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'go.ada.example',
      'me.example (default domain)',
    ]);
    expect(prefix()).toBe('go.ada.example/');
    type(/^Short Code/, 'spring');
    type(/^Target URL/, 'https://example.com/');
    await submit('Create Link');
    cleanup();
    renderForm(null, async (_values, domain) => void domains.push(domain), verified);
    fireEvent.change(screen.getByLabelText(/^Domain/), { target: { value: '' } });
    expect(prefix()).toBe('me.example/');
    type(/^Short Code/, 'autumn');
    type(/^Target URL/, 'https://example.com/');
    await submit('Create Link');
    expect(domains).toEqual(['go.ada.example', null]);
  });

  it("starts an edit on the link's own domain", () => {
    renderForm(apiLink({ domain: null }), undefined, verified);
    expect((screen.getByLabelText(/^Domain/) as HTMLSelectElement).value).toBe('');
  });
});

const section = (title: string) => screen.getByText(title, { selector: '.form-section__title' }).closest('details')!;

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
