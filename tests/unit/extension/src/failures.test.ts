/**
 * The popup's and the options page's sentences in the browser's language (docs/extension.md#languages):
 * a refusal's reason, which the server always says in English, is given in Spanish when the
 * catalogue's `messages` hold it, as the web UI gives it (it once stayed English in a Spanish popup).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READ_KEY_MISSING } from '../../../../redirector/contract/teams';

/** extension/src/failures.ts as the extension loads it in a browser of these languages. */
async function failuresIn(languages: string[]) {
  vi.resetModules();
  vi.stubGlobal('navigator', { languages, language: languages[0] });
  return import('../../../../extension/src/failures');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the extension's sentences", () => {
  it("give the server's reason in Spanish in a Spanish browser", async () => {
    const { failureText } = await failuresIn(['es-ES', 'es']);
    expect(failureText({ kind: 'rejected', message: 'This short code is already taken' }, 'https://me.example')).toBe(
      'El servidor rechazó el enlace: Este código corto ya está en uso',
    );
    expect(
      failureText({ kind: 'forbidden', message: 'Link limit reached (4 links per account)' }, 'https://me.example'),
    ).toBe('El servidor no deja que esta clave cree el enlace: Has llegado al límite de enlaces (4 por cuenta)');
    expect(failureText({ kind: 'readOnly' }, 'https://me.example')).toMatch(/^Esta clave es de solo lectura/);
    // A reason the catalogue does not hold is kept as it came.
    expect(failureText({ kind: 'rejected', message: 'Something new' }, 'https://me.example')).toBe(
      'El servidor rechazó el enlace: Something new',
    );
  });

  it('keep them as the server said them in English', async () => {
    const { failureText } = await failuresIn(['en-US']);
    expect(failureText({ kind: 'rejected', message: 'This short code is already taken' }, 'https://me.example')).toBe(
      'The server refused the link: This short code is already taken',
    );
    expect(failureText({ kind: 'forbidden', message: READ_KEY_MISSING }, 'https://me.example')).toBe(
      `The server does not let this key make the link: ${READ_KEY_MISSING}`,
    );
  });
});
