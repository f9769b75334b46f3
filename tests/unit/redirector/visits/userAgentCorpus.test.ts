/**
 * Several hundred real user agents from other projects' test data (each group names its repository
 * and file), classified as a click would be: person or bot, device type, in-app app.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeviceType } from '../../../../redirector/contract/clicks';
import type { InAppApp } from '../../../../redirector/visits/inAppBrowser';
import { parseUserAgent } from '../../../../redirector/visits/visitor';

interface Group {
  source: string;
  expect: { is_bot: boolean; device_type?: DeviceType; in_app: InAppApp | null };
  userAgents: string[];
}

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/userAgents');

function load(name: string): Group[] {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Group[];
}

const browsers = load('browsers');
const inAppBrowsers = load('inAppBrowsers');
const bots = load('bots');

function entries(groups: Group[]) {
  return groups.flatMap((group) => group.userAgents.map((userAgent) => ({ userAgent, ...group })));
}

/** Every entry whose `field` differs from what its group expects, with what it got. */
function misclassified(groups: Group[], field: 'is_bot' | 'device_type' | 'in_app') {
  return entries(groups).flatMap((entry) => {
    const want = entry.expect[field];
    if (want === undefined) return [];
    const got = parseUserAgent(entry.userAgent)[field];
    return got === want ? [] : [{ userAgent: entry.userAgent, source: entry.source, want, got }];
  });
}

describe('the user-agent corpus', () => {
  it('is several hundred real strings, each group with its source', () => {
    const all = [...browsers, ...inAppBrowsers, ...bots];
    for (const group of all) {
      expect(group.source, JSON.stringify(group.userAgents[0])).toMatch(/\S/);
      expect(group.userAgents.length).toBeGreaterThan(0);
    }
    expect(entries(browsers).length).toBeGreaterThan(200);
    expect(entries(inAppBrowsers).length).toBeGreaterThan(70);
    expect(entries(bots).length).toBeGreaterThan(250);
  });

  it('classifies no real browser as a bot', () => {
    expect(misclassified(browsers, 'is_bot')).toEqual([]);
  });

  it('classifies no in-app browser as a bot, even where isbot flags it', () => {
    expect(misclassified(inAppBrowsers, 'is_bot')).toEqual([]);
  });

  it('classifies every crawler, preview fetcher and script as a bot', () => {
    expect(misclassified(bots, 'is_bot')).toEqual([]);
  });

  it('recognises the app of every in-app browser, and none in plain browsers and bots', () => {
    expect(misclassified(inAppBrowsers, 'in_app')).toEqual([]);
    expect(misclassified(browsers, 'in_app')).toEqual([]);
    expect(misclassified(bots, 'in_app')).toEqual([]);
  });

  it('gives phones, tablets and computers their device type, HarmonyOS phones as android', () => {
    expect(misclassified(browsers, 'device_type')).toEqual([]);
    expect(misclassified(inAppBrowsers, 'device_type')).toEqual([]);
    const harmony = entries(browsers).filter((entry) => /HarmonyOS/.test(entry.userAgent));
    expect(harmony.length).toBeGreaterThan(5);
    expect(harmony.map((entry) => parseUserAgent(entry.userAgent).device_type)).toEqual(
      harmony.map((entry) => entry.expect.device_type),
    );
  });
});
