/**
 * The renderer's hub module (renderer/src/api/hub.ts) against the real server: the editor's calls
 * save a page, upload an avatar as the file itself, read the figures and the links to pick, delete
 * the page, and a refused handle comes back as an ApiError with the server's words (docs/api.md#the-hub).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../../../renderer/src/api/account';
import { ApiError, createHttpClient } from '../../../../renderer/src/api/client';
import { hubCalls } from '../../../../renderer/src/api/hub';
import { linkCalls } from '../../../../renderer/src/api/links';
import { pngBytes } from '../../../helpers/imageBytes';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

let server: TestServer;
let token = '';

beforeAll(async () => {
  server = await startTestServer();
  const account = accountCalls(createHttpClient(server.url));
  const person = { name: 'Hub', email: 'hub-module@example.com', password: 'pw-hub-secret' };
  await account.register(person);
  token = (await account.login({ email: person.email, password: person.password })).token;
});
afterAll(() => server.close());

describe('hubCalls', () => {
  it('saves a page, uploads its avatar, reads its figures and links, and deletes it', async () => {
    const http = createHttpClient(server.url);
    const hub = hubCalls(http, { token });
    const link = await linkCalls(http, { token }).create({ target_url: 'https://example.com/', title: 'Home' });
    expect((await hub.get()).hub).toBeNull();
    expect((await hub.links()).map((each) => each.id)).toEqual([link.id]);
    const input = {
      handle: 'module',
      title: 'Module',
      bio: '',
      theme: 'dark' as const,
      accent: '#123456',
      published: true,
      tiktok_bypass: false,
      background_color: null,
      meta_description: '',
      noindex: false,
      sensitive: false,
      items: [
        {
          type: 'link' as const,
          id: null,
          link_id: link.id,
          label: null,
          visible: true,
          highlight: false,
          sensitive: false,
          starts_at: null,
          ends_at: null,
        },
      ],
    };
    const saved = (await hub.save(input)).hub!;
    expect(saved).toMatchObject({ handle: 'module', theme: 'dark', links: [{ link_id: link.id, text: 'Home' }] });
    const file = new Blob([new Uint8Array(pngBytes(12, 12))], { type: 'image/png' });
    expect((await hub.setAvatar(file)).hub?.avatar_url).toMatch(/\/@module\/avatar\?v=/);
    await hub.removeAvatar();
    expect(await hub.stats({ from: '2026-01-01', to: '2026-01-02' })).toMatchObject({ views: 0, days: [{}, {}] });
    const refused = await hub.save({ ...input, handle: 'admin' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('handle "admin" is reserved');
    await hub.remove();
    expect((await hub.get()).hub).toBeNull();
  });
});
