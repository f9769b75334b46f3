// @vitest-environment happy-dom
import '../../../../../renderer/src/i18n';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainVerification } from '../../../../../redirector/contract';
import { createApiClient } from '../../../../../renderer/src/api';
import { ApiProvider, CredentialProvider } from '../../../../../renderer/src/api/ApiProvider';
import { ApiError, NETWORK_ERROR } from '../../../../../renderer/src/api/client';
import { DomainDialog } from '../../../../../renderer/src/features/account/DomainDialog';

afterEach(cleanup);

const defaultHost = { domain: 'me.example:8080', origin: 'http://me.example:8080' };
const record = {
  type: 'TXT' as const,
  name: '_me-challenge.links.ada.dev',
  value: 'me-verify=abcdefghijklmnopqrstuvwx',
};
const pending: DomainVerification = { status: 'pending', record, checked_at: null, error: null };

describe('DomainDialog', () => {
  it("asks for a domain when the input is blank and shows the default domain's link shape", async () => {
    const saved: string[] = [];
    render(
      <DomainDialog
        customDomain={null}
        verification={null}
        onVerify={async () => undefined}
        defaultDomain="me.example"
        defaultHost={defaultHost}
        onClose={() => undefined}
        onSave={async (domain) => {
          saved.push(domain);
          return domain;
        }}
        onRemove={async () => undefined}
      />,
    );
    expect(screen.getByText('me.example:8080/my-link')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBe(null);
    fireEvent.change(screen.getByLabelText('Custom Domain'), { target: { value: '   ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Domain' }));
    });
    expect(screen.getByText('Please enter a domain')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Custom Domain'), { target: { value: ' links.ada.dev ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Domain' }));
    });
    expect(saved).toEqual(['links.ada.dev']);
  });

  it('offers Remove with its confirmation when a custom domain is set, and shows failures', async () => {
    render(
      <DomainDialog
        customDomain="links.ada.dev"
        verification={pending}
        onVerify={async () => undefined}
        defaultDomain="me.example"
        defaultHost={defaultHost}
        onClose={() => undefined}
        onSave={async () => {
          throw new ApiError(0, NETWORK_ERROR);
        }}
        onRemove={async () => {
          throw new ApiError(500, '500', undefined);
        }}
      />,
    );
    expect((screen.getByLabelText('Custom Domain') as HTMLInputElement).value).toBe('links.ada.dev');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Domain' }));
    });
    expect(screen.getByText('Network error. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('Are you sure you want to remove your custom domain?')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Remove' });
    await act(async () => {
      fireEvent.click(buttons[buttons.length - 1]!);
    });
    expect(screen.getByText('Failed to remove domain')).toBeTruthy();
  });

  it('shows a pending domain with its TXT record, Check now and the last error; a verified one says so', async () => {
    let state: DomainVerification = pending;
    const checks: number[] = [];
    // A verified domain shows its settings panel, which loads them (nothing answers here).
    const api = createApiClient('http://127.0.0.1:9');
    const dialog = (verification: DomainVerification) => (
      <ApiProvider api={api}>
        <CredentialProvider credential={{ token: 'session' }} onUnauthorized={() => undefined}>
          <DomainDialog
            customDomain="links.ada.dev"
            verification={verification}
            defaultDomain="me.example"
            defaultHost={defaultHost}
            onClose={() => undefined}
            onSave={async (domain) => domain}
            onVerify={async () => {
              checks.push(Date.now());
              if (checks.length === 1)
                throw new ApiError(429, 'x', { error: 'Too many checks; try again in a minute' });
            }}
            onRemove={async () => undefined}
          />
        </CredentialProvider>
      </ApiProvider>
    );
    const view = render(dialog(state));
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('TXT')).toBeTruthy();
    expect(screen.getByText('_me-challenge.links.ada.dev')).toBeTruthy();
    expect(screen.getByText('me-verify=abcdefghijklmnopqrstuvwx')).toBeTruthy();
    for (const part of ['Copy type', 'Copy name', 'Copy value'])
      expect(screen.getByRole('button', { name: part })).toBeTruthy();
    expect(screen.getByText(/CNAME record for links.ada.dev pointing to me.example/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    });
    expect(screen.getByText('Too many checks; try again in a minute')).toBeTruthy();
    state = {
      ...pending,
      checked_at: '2026-11-27T02:00:00.000Z',
      error: 'No TXT record at _me-challenge.links.ada.dev',
    };
    view.rerender(dialog(state));
    expect(screen.getByText('No TXT record at _me-challenge.links.ada.dev')).toBeTruthy();
    expect(screen.getByText(/^Last checked:/)).toBeTruthy();
    view.rerender(dialog({ ...state, status: 'verified', error: null }));
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('Verified: your links are shown on links.ada.dev.')).toBeTruthy();
    expect(screen.getByText('http://links.ada.dev/my-link')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check now' })).toBe(null);
    expect(await screen.findByRole('form', { name: 'Fallbacks and app links' })).toBeTruthy();
  });
});
