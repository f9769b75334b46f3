// @vitest-environment happy-dom
import '../../../../../renderer/src/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../../renderer/src/api';
import { ApiProvider } from '../../../../../renderer/src/api/ApiProvider';
import { RegisterPage, validateRegistration } from '../../../../../renderer/src/features/account/RegisterPage';

afterEach(cleanup);

const valid = { name: 'Ada', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };

describe('registration checks', () => {
  it("uses the spec's messages for short and mismatched passwords", () => {
    expect(validateRegistration({ ...valid, password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(validateRegistration({ ...valid, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateRegistration(valid)).toEqual({});
  });

  it('requires name, email and password', () => {
    expect(validateRegistration({ name: ' ', email: '', password: '', confirmPassword: '' })).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email',
      password: 'Please enter a password',
    });
    expect(validateRegistration({ ...valid, email: 'ada@' }).email).toBe('Please enter a valid email address');
  });
});

function renderPage() {
  // Nothing listens there: the checks must stop every invalid submit before a request is made.
  const api = createApiClient('http://127.0.0.1:9');
  return render(
    <ApiProvider api={api}>
      <MemoryRouter initialEntries={['/register']}>
        <RegisterPage />
      </MemoryRouter>
    </ApiProvider>,
  );
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RegisterPage', () => {
  it('shows the messages beside the fields and marks them invalid', () => {
    renderPage();
    type(/^Name/, 'Ada');
    type(/^Email/, 'ada@example.com');
    type(/^Password/, 'abc');
    type(/^Confirm Password/, 'abd');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe(null);
  });

  it('shows and hides the password with the toggle', () => {
    renderPage();
    const input = screen.getByLabelText(/^Password/) as HTMLInputElement;
    expect(input.type).toBe('password');
    const [toggle] = screen.getAllByRole('button', { name: 'Show password' });
    fireEvent.click(toggle!);
    expect(input.type).toBe('text');
    expect(toggle!.getAttribute('aria-label')).toBe('Hide password');
    fireEvent.click(toggle!);
    expect(input.type).toBe('password');
  });

  it('links to sign-in and admin access', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Admin Access' }).getAttribute('href')).toBe('/admin/login');
  });
});
