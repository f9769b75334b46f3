// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CreatedSecret } from '../../../../renderer/src/components/SecretCallout';

afterEach(cleanup);

const TEXTS = { title: 'Your new key', copy: 'Copy', copied: 'Copied', warning: 'Shown once', done: 'Done' };

/** The callout of a create whose failure is `error`; what was dismissed and what was done go into `said`. */
function created(error: string | null, secret: string | undefined, said: string[]) {
  const creation = { error, clearError: () => said.push('dismissed') };
  return render(
    <CreatedSecret
      creation={creation}
      testId="new-key"
      secret={secret}
      secretClassName="keys__secret"
      texts={TEXTS}
      onDone={() => said.push('done')}
    >
      <p>Use it as a Bearer token</p>
    </CreatedSecret>,
  );
}

describe('CreatedSecret', () => {
  it("shows the create's failure until dismissed, and no secret without one", () => {
    const said: string[] = [];
    created('Key limit reached', undefined, said);
    expect(screen.getByRole('alert').textContent).toContain('Key limit reached');
    expect(screen.queryByTestId('new-key')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(said).toEqual(['dismissed']);
  });

  it('shows the new secret once with what follows it, and Done ends it', () => {
    const said: string[] = [];
    created(null, 'me_secret', said);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('new-key-secret').textContent).toBe('me_secret');
    expect(screen.getByTestId('new-key-secret').className).toContain('keys__secret');
    expect(screen.getByText('Use it as a Bearer token')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(said).toEqual(['done']);
  });
});
