/**
 * The hub page in the bench (docs/api.md#the-hub, docs/api.md#hub-items): a user with a published
 * hub of 100 items (50 links, and headings, texts, dividers, social rows, a hidden and a scheduled
 * item among them) on the redirect phase's server, and the same visit pool (user agents, addresses) sent to its page, so
 * that the page's CPU per request and rate stand beside the redirect's. Target: under 2 ms of CPU
 * per request and at least a third of the redirect rate.
 */
import type { Visit } from './traffic';

export const HUB_LINKS = 50;
export const HUB_ITEMS = 100;
export const HUB_HANDLE = 'bench-hub';
export const HUB_TARGETS = { cpuUs: 2_000, rateToRedirect: 1 / 3 };

// biome-ignore lint/suspicious/noExplicitAny: the answers are the API's own, read for two fields
async function api(baseUrl: string, method: string, path: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Registers the hub's owner, creates its links and publishes the hub; the page's path. */
export async function prepareHub(baseUrl: string): Promise<string> {
  const account = { name: 'Bench Hub', email: 'bench-hub@example.com', password: 'bench-hub-password' };
  await api(baseUrl, 'POST', '/api/auth?action=register', account);
  const { token } = await api(baseUrl, 'POST', '/api/auth?action=login', account);
  const links: Record<string, unknown>[] = [];
  for (let i = 0; i < HUB_LINKS; i++) {
    const { link } = await api(
      baseUrl,
      'POST',
      '/api/links/create',
      { target_url: `https://shop.example.com/hub/${i}?utm_source=hub`, title: `Hub link number ${i}` },
      token,
    );
    links.push({
      type: 'link',
      link_id: link.id,
      label: i % 3 === 0 ? `Label <${i}> & more` : null,
      highlight: i === 0,
    });
  }
  const items = links.flatMap((link, i) => [link, otherItem(i)]).slice(0, HUB_ITEMS);
  await api(
    baseUrl,
    'PUT',
    '/api/hub',
    {
      handle: HUB_HANDLE,
      title: 'The bench hub',
      bio: 'Fifty links, rendered by the server, counted as views.',
      accent: '#ff7a00',
      items,
      published: true,
      tiktok_bypass: true,
    },
    token,
  );
  const page = await fetch(`${baseUrl}/@${HUB_HANDLE}`);
  const html = await page.text();
  const buttons = html.split('class="link').length - 1;
  if (page.status !== 200 || buttons !== HUB_LINKS) {
    throw new Error(`the hub page answered ${page.status} with ${buttons} links, not 200 with ${HUB_LINKS}`);
  }
  return `/@${HUB_HANDLE}`;
}

/** The item after the `i`th link: every kind in turn, one hidden and one scheduled for later. */
function otherItem(i: number): Record<string, unknown> {
  const later = new Date(Date.now() + 86_400_000).toISOString();
  const socials = [
    { platform: 'github', url: 'https://github.com/bench' },
    { platform: 'instagram', url: 'https://instagram.com/bench' },
    { platform: 'email', url: 'bench@example.com' },
  ];
  const kinds: Record<string, unknown>[] = [
    { type: 'heading', text: `Section <${i}>` },
    { type: 'text', text: `Some words about section ${i} & what is in it.` },
    { type: 'divider' },
    { type: 'social', socials },
  ];
  const item = kinds[i % kinds.length]!;
  if (i === 1) return { ...item, visible: false };
  if (i === 2) return { ...item, starts_at: later };
  return item;
}

/** The pool's visitors, each asking for the hub page instead of a link. */
export function hubVisits(visits: readonly Visit[], path: string): Visit[] {
  return visits.map((visit) => ({ path, headers: visit.headers }));
}
