// @vitest-environment happy-dom
/**
 * The reason a sign-in through the provider came back (docs/api.md#single-sign-on): with
 * PASSWORD_LOGIN=off there is no password form, so no reason sends the person to one.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../../renderer/src/api';
import { ApiProvider } from '../../../../../renderer/src/api/ApiProvider';
import { SingleSignOn } from '../../../../../renderer/src/features/account/SingleSignOn';
import { i18next } from '../../../../../renderer/src/i18n';

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

function renderAt(reason: string, passwordLogin: boolean) {
  return render(
    <ApiProvider api={createApiClient('http://127.0.0.1:9')}>
      <MemoryRouter initialEntries={[`/login?sso=${reason}`]}>
        <SingleSignOn name="Acme SSO" passwordLogin={passwordLogin} />
      </MemoryRouter>
    </ApiProvider>,
  );
}

describe('SingleSignOn', () => {
  it.each(['unavailable', 'email-taken'])('%s: offers the password only while password sign-in is on', (reason) => {
    renderAt(reason, true);
    expect(screen.getByRole('link', { name: 'Sign in with Acme SSO' })).toBeTruthy();
    expect(document.body.textContent).toMatch(/sign in with your password/i);
    cleanup();
    renderAt(reason, false);
    expect(document.body.textContent).toMatch(/Password sign-in is off on this server/);
    expect(document.body.textContent).not.toMatch(/with your password/);
  });

  it('says so in Spanish too', async () => {
    await i18next.changeLanguage('es');
    renderAt('unavailable', false);
    expect(screen.getByText(/El inicio de sesión único no está disponible ahora/).textContent).not.toMatch(
      /contraseña/,
    );
    cleanup();
    renderAt('email-taken', false);
    expect(screen.getByText(/Ya existe aquí una cuenta/).textContent).not.toMatch(/contraseña/);
  });
});
