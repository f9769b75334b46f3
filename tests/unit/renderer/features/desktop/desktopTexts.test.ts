import { afterEach, describe, expect, it } from 'vitest';
import { CONNECT_MESSAGES, DEFAULT_SERVER_ADDRESS, plainHttpWarning } from '../../../../../redirector/contract/desktop';
import {
  addressError,
  addressWarning,
  alertThresholdError,
  alertThresholdSummary,
  connectFailureText,
  initialAddress,
} from '../../../../../renderer/src/features/desktop/desktopTexts';
import { i18next } from '../../../../../renderer/src/i18n';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

const known = (baseUrl: string) => ({
  baseUrl,
  publicUrl: baseUrl,
  connectedAt: '2026-01-01T00:00:00Z',
  signedIn: true,
});

describe('initialAddress', () => {
  it('offers the active server, else the last one used, else the default', () => {
    const servers = [known('https://b.example'), known('https://a.example')];
    expect(initialAddress({ activeServer: 'https://a.example', servers })).toBe('https://a.example');
    expect(initialAddress({ activeServer: null, servers })).toBe('https://b.example');
    expect(initialAddress({ activeServer: null, servers: [] })).toBe(DEFAULT_SERVER_ADDRESS);
  });
});

describe('the address as it is typed', () => {
  const warning = plainHttpWarning('http://192.168.1.20') as string;

  it('warns for plain http to another computer only', () => {
    expect(warning).toMatch(/plain http:\/\//);
    expect(addressWarning('http://192.168.1.20:8080')).toBe(warning);
    expect(addressWarning('HTTP://me.example.com/')).toBe(warning);
    expect(addressWarning('http://localhost:8080')).toBeUndefined();
    expect(addressWarning('http://127.0.0.1:9')).toBeUndefined();
    // Without a scheme another computer gets https://.
    expect(addressWarning('192.168.1.20:8080')).toBeUndefined();
    expect(addressWarning('https://me.example.com')).toBeUndefined();
    // Half-typed: nothing to warn about yet.
    expect(addressWarning('')).toBeUndefined();
    expect(addressWarning('http://')).toBeUndefined();
  });

  it('is refused before any request when it is not an http(s) address', () => {
    expect(addressError('https://me.example.com')).toBeUndefined();
    expect(addressError('me.example.com')).toBeUndefined();
    expect(addressError('')).toBe('Enter the server address, like https://me.example.com');
    expect(addressError('ftp://me.example.com')).toBe('The server address must start with http:// or https://');
    expect(addressError('https://me.example.com/?x=1')).toBe(
      'The server address must not carry a user name, password, query or fragment',
    );
  });
});

describe('words', () => {
  it('says what the saved click alert does', () => {
    expect(alertThresholdSummary(null)).toBe('No click notification.');
    expect(alertThresholdSummary(1500)).toBe('A notification shows when clicks per minute rise above 1,500.');
  });
});

describe('a failed connect check', () => {
  const base = 'https://me.example.com';

  it("says in English what the contract's messages say", () => {
    for (const problem of ['unreachable', 'not-me-server', 'wrong-key'] as const) {
      const message = CONNECT_MESSAGES[problem](base);
      expect(connectFailureText({ ok: false, problem, message }, base)).toBe(message);
    }
    const detail = '503 The database is unreachable';
    expect(connectFailureText({ ok: false, problem: 'unhealthy', message: '', detail }, 'me.example.com')).toBe(
      CONNECT_MESSAGES.unhealthy(base, detail),
    );
    expect(connectFailureText({ ok: false, problem: 'unhealthy', message: '' }, base)).toBe(
      CONNECT_MESSAGES.unhealthy(base),
    );
    expect(connectFailureText({ ok: false, problem: 'too-many-attempts', message: '' }, base)).toBe(
      CONNECT_MESSAGES['too-many-attempts'](base),
    );
    expect(connectFailureText({ ok: false, problem: 'invalid-address', message: '' }, 'ftp://x')).toBe(
      'The server address must start with http:// or https://',
    );
  });

  it('speaks Spanish, numbers included, when the UI does', async () => {
    await i18next.changeLanguage('es');
    expect(connectFailureText({ ok: false, problem: 'unreachable', message: '' }, base)).toBe(
      'No se puede conectar con https://me.example.com. Comprueba la dirección, que el servidor esté en marcha y tu red.',
    );
    expect(addressError('')).toBe('Escribe la dirección del servidor, como https://me.example.com');
    expect(addressWarning('http://192.168.1.20')).toMatch(/^Esta dirección usa http:\/\//);
    expect(alertThresholdSummary(15000)).toBe(
      'Se mostrará una notificación cuando los clics por minuto superen 15.000.',
    );
    expect(alertThresholdError()).toContain('entre 1 y 1.000.000');
  });

  it("gives the server's own words in Spanish too, its status kept", async () => {
    await i18next.changeLanguage('es');
    const unhealthy = { ok: false, problem: 'unhealthy', message: '' } as const;
    expect(
      connectFailureText({ ...unhealthy, detail: '503 The database is unreachable; try again shortly' }, base),
    ).toContain('(503 No se puede acceder a la base de datos; inténtalo de nuevo en un momento)');
    expect(connectFailureText({ ...unhealthy, detail: '502 Bad gateway' }, base)).toContain('(502 Bad gateway)');
    const tooMany = 'Too many failed sign-in attempts.';
    expect(connectFailureText({ ok: false, problem: 'too-many-attempts', message: '', detail: tooMany }, base)).toBe(
      'Demasiados intentos fallidos de inicio de sesión.',
    );
  });
});
