/**
 * The shared stats page (docs/api.md#shared-stats): one link's figures over a range, complete
 * without JavaScript: a summary, clicks per day (an SVG chart and its table), countries, devices,
 * browsers and referrers. Never an address, a city or a recent click: the page is fed only the
 * counts below. Every text from the link or the visits is escaped; light or dark as the visitor's
 * system prefers; one column on a phone (390 px). The words are the catalogue's `server.sharedStats`
 * in the request's language (docs/api.md#languages), numbers formatted for it.
 */
import { createHash } from 'node:crypto';
import { UTC } from '../../analytics/timeZone';
import type { CountMap, DayCount } from '../../contract/analytics';
import type { DateRange } from '../../contract/dateRange';
import { escapeHtml } from '../shortLink/pages/bypassPage';
import { type PageTexts, pageTexts } from '../shortLink/pages/pageLanguage';
import { SIMPLE_PAGE_STYLE } from '../shortLink/pages/simplePage';

/** What the page shows: counts only. */
export interface SharedStatsFigures {
  title: string;
  shortUrl: string;
  range: DateRange;
  /** The IANA zone the range's days are read in (`?tz=`, default UTC): the range form keeps it. */
  timeZone: string;
  totalClicks: number;
  uniqueVisitors: number;
  days: DayCount[];
  countries: CountMap;
  devices: CountMap;
  browsers: CountMap;
  referrers: CountMap;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7fb;color:#1f2937;line-height:1.45}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem;margin:.25rem 0;overflow-wrap:anywhere}h2{font-size:1.05rem;margin:0 0 .6rem}
.muted{color:#4b5563}.card{background:#fff;border-radius:.8rem;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 3px #0002}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr))}.grid .card{margin:0}
.stats{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr))}
.stat b{display:block;font-size:1.6rem}
table{width:100%;border-collapse:collapse}td,th{padding:.3rem .2rem;text-align:left;border-bottom:1px solid #e5e7eb;overflow-wrap:anywhere}
td.n,th.n{text-align:right;white-space:nowrap}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}label{display:flex;flex-direction:column;font-weight:600;font-size:.9rem}
input{padding:.5rem;border-radius:.4rem;border:1px solid #9ca3af;font:inherit;background:#fff;color:inherit}
button{padding:.55rem 1rem;border-radius:.5rem;border:0;font:inherit;font-weight:600;background:#2563eb;color:#fff}
svg{width:100%;height:8rem;display:block}.bar{fill:#2563eb}
details summary{cursor:pointer;margin-top:.5rem}
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e6e8ee}.card{background:#171a21;box-shadow:none}
.muted{color:#b4bac6}td,th{border-color:#2b303b}input{background:#12151b;border-color:#5b6474}.bar{fill:#7aa2ff}}
`;

const hashOf = (style: string) => `'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`;

/**
 * No script at all; the styles by their hashes (this page's, and the not-found page's that an
 * unknown, revoked or expired share answers with); the range form goes to the page itself.
 */
export const SHARED_STATS_CSP =
  `default-src 'none'; style-src ${hashOf(STYLE)} ${hashOf(SIMPLE_PAGE_STYLE)}; img-src 'none'; base-uri 'none'; ` +
  `form-action 'self'; frame-ancestors 'none'`;

const DEVICES = ['ios', 'android', 'web'] as const;
const TOP = 10;

/** What one page draws with: its language's words and number format. */
interface PageWords {
  t: PageTexts;
  number: (value: number) => string;
}

function wordsOf(language: string): PageWords {
  const format = new Intl.NumberFormat(language);
  return { t: pageTexts(language), number: (value) => format.format(value) };
}

/** The whole document around `body`; `title` is HTML already escaped (a catalogue text). */
function sharedPage(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${title}</title><style>${STYLE}</style></head>
<body><main>
${body}
</main></body></html>`;
}

/** Rows of a breakdown: the largest first, at most TOP, with each one's share of the total. */
function breakdown(words: PageWords, heading: string, counts: CountMap, names: Record<string, string> = {}): string {
  const { t, number } = words;
  const entries = Object.entries(counts)
    .filter(([, clicks]) => clicks > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const total = entries.reduce((sum, [, clicks]) => sum + clicks, 0);
  const rows = entries
    .slice(0, TOP)
    .map(([name, clicks]) => {
      const share = total === 0 ? 0 : Math.round((clicks / total) * 100);
      return `<tr><td>${escapeHtml(names[name] ?? name)}</td><td class="n">${number(clicks)}</td><td class="n">${share} %</td></tr>`;
    })
    .join('');
  const table =
    rows === ''
      ? `<p class="muted">${t('server.sharedStats.noClicks')}</p>`
      : `<table><thead><tr><th>${heading}</th><th class="n">${t('server.sharedStats.clicks')}</th><th class="n">${t('server.sharedStats.share')}</th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<section class="card" aria-label="${heading}"><h2>${heading}</h2>${table}</section>`;
}

/** Clicks per day: bars in an SVG (attributes only: no style), and the numbers in a table. */
function timeSeries({ t, number }: PageWords, days: readonly DayCount[]): string {
  const max = Math.max(1, ...days.map((day) => day.clicks));
  const width = 100 / Math.max(1, days.length);
  const bars = days
    .map((day, index) => {
      const height = (day.clicks / max) * 96;
      return `<rect class="bar" x="${(index * width + width * 0.1).toFixed(3)}" y="${(100 - height).toFixed(3)}" width="${(width * 0.8).toFixed(3)}" height="${height.toFixed(3)}"><title>${day.date}: ${day.clicks}</title></rect>`;
    })
    .join('');
  const rows = days.map((day) => `<tr><td>${day.date}</td><td class="n">${number(day.clicks)}</td></tr>`).join('');
  const heading = t('server.sharedStats.perDay');
  const chart = t('server.sharedStats.perDayChart', { from: days[0]?.date ?? '', to: days.at(-1)?.date ?? '' });
  return `<section class="card" aria-label="${heading}"><h2>${heading}</h2>
<svg viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-label="${chart}">${bars}</svg>
<details><summary>${t('server.sharedStats.perDayTable')}</summary><table><thead><tr><th>${t('server.sharedStats.day')}</th><th class="n">${t('server.sharedStats.clicks')}</th></tr></thead><tbody>${rows}</tbody></table></details>
</section>`;
}

/** The range form: a plain GET to the page itself, in the zone the page was asked in (else UTC). */
function rangeForm(t: PageTexts, range: DateRange, timeZone: string): string {
  const zone = timeZone === UTC ? '' : `\n<input type="hidden" name="tz" value="${escapeHtml(timeZone)}">`;
  return `<form method="get" class="card" aria-label="${t('server.sharedStats.rangeForm')}">${zone}
<label>${t('server.sharedStats.from')} <input type="date" name="from" value="${range.from}" required></label>
<label>${t('server.sharedStats.to')} <input type="date" name="to" value="${range.to}" required></label>
<button type="submit">${t('server.sharedStats.show')}</button>
</form>`;
}

export function renderSharedStatsPage(language: string, figures: SharedStatsFigures): string {
  const words = wordsOf(language);
  const { t, number } = words;
  const { range } = figures;
  const countries = Object.keys(figures.countries).filter((code) => (figures.countries[code] ?? 0) > 0).length;
  const heading = figures.title.trim() === '' ? figures.shortUrl : figures.title;
  const deviceNames = Object.fromEntries(
    DEVICES.map((device) => [device, t(`server.sharedStats.deviceNames.${device}`)]),
  );
  const stat = (value: number, key: 'clicks' | 'uniqueVisitors' | 'countries') =>
    `<div class="stat"><b>${number(value)}</b>${t(`server.sharedStats.${key}`)}</div>`;
  return sharedPage(
    language,
    t('server.sharedStats.title', { name: heading }),
    `<header><p class="muted">${t('server.sharedStats.label')}</p><h1>${escapeHtml(heading)}</h1>
<p class="muted">${escapeHtml(figures.shortUrl)} · ${t('server.sharedStats.range', { from: range.from, to: range.to })}</p></header>
${rangeForm(t, range, figures.timeZone)}
<section class="card stats" aria-label="${t('server.sharedStats.summary')}">
${stat(figures.totalClicks, 'clicks')}
${stat(figures.uniqueVisitors, 'uniqueVisitors')}
${stat(countries, 'countries')}
</section>
${timeSeries(words, figures.days)}
<div class="grid">
${breakdown(words, t('server.sharedStats.countries'), figures.countries)}
${breakdown(words, t('server.sharedStats.devices'), figures.devices, deviceNames)}
${breakdown(words, t('server.sharedStats.browsers'), figures.browsers)}
${breakdown(words, t('server.sharedStats.referrers'), figures.referrers)}
</div>`,
  );
}

/** The password form (docs/api.md#shared-stats); `wrong`: "Wrong password" above the field. */
export function renderSharedPasswordPage(language: string, wrong: boolean): string {
  const t = pageTexts(language);
  const message = wrong ? `<p class="muted" role="alert"><strong>${t('server.password.wrong')}</strong></p>` : '';
  return sharedPage(
    language,
    t('server.sharedStats.protected'),
    `<section class="card"><h1>${t('server.sharedStats.protected')}</h1>
<p class="muted">${t('server.sharedStats.passwordText')}</p>
${message}<form method="post">
<label>${t('server.password.label')} <input id="password" name="password" type="password" required autofocus autocomplete="off" maxlength="256"></label>
<button type="submit">${t('server.sharedStats.submit')}</button>
</form></section>`,
  );
}

/** Too many wrong passwords: try again in `minutes`. */
export function renderSharedTooManyPage(language: string, minutes: number): string {
  const t = pageTexts(language);
  return sharedPage(
    language,
    t('server.tooMany.title'),
    `<section class="card"><h1>${t('server.tooMany.title')}</h1><p class="muted">${t('server.tooMany.retry', { count: minutes })}</p></section>`,
  );
}
