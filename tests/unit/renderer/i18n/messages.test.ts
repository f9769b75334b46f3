import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../../redirector/contract/catalogues';
import { i18next } from '../../../../renderer/src/i18n';
import { localiseMessage } from '../../../../renderer/src/i18n/messages';

/** Every .ts file under redirector/, read once. */
function serverSources(dir = 'redirector'): string {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return serverSources(full);
      return entry.name.endsWith('.ts') ? fs.readFileSync(full, 'utf8') : '';
    })
    .join('\n');
}

describe('the server messages in the UI language', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('shows a message the catalogue holds in its translation, and any other as it came', async () => {
    expect(localiseMessage('Invalid email or password')).toBe('Invalid email or password');
    await i18next.changeLanguage('es');
    expect(localiseMessage('Invalid email or password')).toBe('Correo o contraseña incorrectos');
    expect(localiseMessage('Please enter a valid URL')).toBe('Escribe una URL válida');
    expect(localiseMessage('Something only this server says')).toBe('Something only this server says');
  });

  it('holds only texts the server or the shared rules really send', () => {
    const sources = serverSources();
    const unknown = Object.values(CATALOGUES.en?.messages ?? {}).filter((text) => !sources.includes(text));
    expect(unknown).toEqual([]);
  });
});
