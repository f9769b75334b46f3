// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../../../../renderer/src/api/client';
import { DomainDialog } from '../../../../../renderer/src/features/account/DomainDialog';

afterEach(cleanup);

const defaultHost = { domain: 'me.example:8080', origin: 'http://me.example:8080' };

describe('DomainDialog', () => {
  it("asks for a domain when the input is blank and shows the default domain's link shape", async () => {
    const saved: string[] = [];
    render(
      <DomainDialog
        customDomain={null}
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
});
