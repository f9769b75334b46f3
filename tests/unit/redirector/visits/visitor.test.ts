import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  createUserAgentParser,
  createVisitorReader,
  locate,
  MAX_USER_AGENT_LENGTH,
  normaliseAddress,
  parseUserAgent,
  referrerSource,
} from '../../../../redirector/visits/visitor';
import type { KnownAgent } from '../../../helpers/records';
import { itReturns } from '../../../helpers/tables';
import { DEVICE, IP, PLACE, UA } from '../../../helpers/visitors';

/** The parts of a request the visitor reader looks at. */
function fakeRequest(headers: Record<string, string>, remoteAddress = '::ffff:127.0.0.1'): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

/** What parseUserAgent answers for a person on a known browser, `inApp` the app it runs in. */
function person(agent: KnownAgent, inApp: string | null) {
  return { ...DEVICE[agent], is_bot: false, in_app: inApp, preview_bot: false };
}

describe('parseUserAgent', () => {
  it('reads TikTok on iOS', () => {
    expect(parseUserAgent(UA.tiktokIos)).toEqual(person('tiktokIos', 'tiktok'));
  });

  it('reads TikTok on Android as TikTok, not as a Chrome WebView', () => {
    expect(parseUserAgent(UA.tiktokAndroid)).toEqual(person('tiktokAndroid', 'tiktok'));
  });

  it('reads Instagram and Facebook', () => {
    expect(parseUserAgent(UA.instagramAndroid)).toEqual(person('instagramAndroid', 'instagram'));
    expect(parseUserAgent(UA.facebookIos)).toEqual(person('facebookIos', 'facebook'));
  });

  it('reads desktop Chrome, iPhone Safari and Android Chrome', () => {
    expect(parseUserAgent(UA.desktopChrome)).toEqual(person('desktopChrome', null));
    expect(parseUserAgent(UA.iphoneSafari)).toEqual(person('iphoneSafari', null));
    expect(parseUserAgent(UA.androidChrome)).toEqual(person('androidChrome', null));
  });

  it('reads HarmonyOS phones as android and a HarmonyOS PC as web (faisalman/ua-parser-js harmonyos.json)', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Linux; Android 12; HarmonyOS/4.0.3.601; JAD-AL50; HMSCore/6.13.0.320 Build/AP31.240223.016.A3; x64; ARM64) AppleWebKit/537.36 (KHTML, like Gecko) HuaweiBrowser/14.0.7.302 Mobile Safari/537.36',
      ),
    ).toMatchObject({
      device_type: 'android',
      device_info: 'JAD-AL50',
      os: 'HarmonyOS',
      is_bot: false,
      in_app: null,
      preview_bot: false,
    });
    expect(
      parseUserAgent(
        'Mozilla/5.0 (PC; OpenHarmony 5.0; HarmonyOS 5.0) AppleWebKit/537.36 (KHTML,like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Browser/harmony360Browser/1.0.0',
      ),
    ).toMatchObject({ device_type: 'web', os: 'OpenHarmony', is_bot: false });
  });

  it('reads an in-app visitor that isbot takes for a crawler as a person of its app', () => {
    // natevw/simplify-user-agent tests/eg.js: isbot reads the "24x7" of Site24x7 in "1024x768".
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 13_2_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 122.1.3.22.123 (iPhone11,8; iOS 13_2_3; nl_NL; nl-NL; scale=2.00; 1024x768; 12345)',
      ),
    ).toEqual({
      device_type: 'ios',
      device_info: 'iPhone',
      browser: 'Instagram',
      browser_version: '122.1.3.22.123',
      os: 'iOS',
      os_version: '13.2.3',
      is_bot: false,
      in_app: 'instagram',
      preview_bot: false,
    });
  });

  it('knows bots and link-preview fetchers, and an empty user agent', () => {
    const notBrowser = { ...DEVICE.none, is_bot: true, in_app: null, preview_bot: false };
    for (const userAgent of [UA.googlebot, UA.curl, UA.bingbot, '']) {
      expect(parseUserAgent(userAgent), userAgent).toEqual(notBrowser);
    }
    for (const userAgent of [UA.facebookexternalhit, UA.twitterbot, UA.slackbot, UA.whatsapp, UA.discordbot]) {
      expect(parseUserAgent(userAgent), userAgent).toEqual({ ...notBrowser, preview_bot: true });
    }
  });
});

describe('createUserAgentParser', () => {
  it('answers a repeated user agent from its memo, and stays bounded', () => {
    const parse = createUserAgentParser(2);
    const first = parse(UA.desktopChrome);
    expect(parse(UA.desktopChrome)).toBe(first);
    parse(UA.iphoneSafari);
    parse(UA.androidChrome);
    const again = parse(UA.desktopChrome);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('client address', () => {
  it('takes the rightmost X-Forwarded-For entry only when the proxy is trusted', () => {
    const req = fakeRequest({ 'x-forwarded-for': `10.0.0.2, ${IP.nigeria}` });
    expect(clientAddress(req, true)).toBe(IP.nigeria);
    expect(clientAddress(req, false)).toBe('127.0.0.1');
  });

  it('falls back to the socket when the header is missing or not an address', () => {
    expect(clientAddress(fakeRequest({}), true)).toBe('127.0.0.1');
    expect(clientAddress(fakeRequest({ 'x-forwarded-for': 'unknown' }), true)).toBe('127.0.0.1');
  });

  itReturns('normalises ports, brackets and IPv4-mapped IPv6: %j is %s', normaliseAddress, [
    [' 3.3.3.3:8443 ', '3.3.3.3'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['::ffff:103.21.58.1', '103.21.58.1'],
    // One spelling per address, so that one visitor counts once (docs/api.md#the-client-address).
    ['2001:DB8::5', '2001:db8::5'],
    ['2001:0db8:0:0:0:0:0:5', '2001:db8::5'],
    ['[2001:DB8:0::5]:443', '2001:db8::5'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['::FFFF:6715:3A01', '103.21.58.1'],
    ['0:0:0:0:0:ffff:103.21.58.1', '103.21.58.1'],
  ]);

  it('stores one spelling of a forwarded IPv6 address', () => {
    expect(clientAddress(fakeRequest({ 'x-forwarded-for': '8.8.8.8, 2001:DB8:0:0::5' }), true)).toBe('2001:db8::5');
  });
});

describe('locate', () => {
  it('finds country and city with geoip-lite', () => {
    expect(locate(IP.india)).toEqual({ country: 'IN', city: 'Mumbai' });
    expect(locate(IP.nigeria)).toEqual({ country: 'NG', city: 'Abeokuta' });
    expect(locate(IP.us)).toEqual({ country: 'US', city: 'Ashburn' });
  });

  it('says XX when the country is unknown or the address private', () => {
    expect(locate(IP.cloudflareDns)).toEqual({ country: 'XX', city: null });
    expect(locate('127.0.0.1')).toEqual({ country: 'XX', city: null });
    expect(locate('192.168.1.10')).toEqual({ country: 'XX', city: null });
    expect(locate('')).toEqual({ country: 'XX', city: null });
  });
});

describe('referrerSource', () => {
  it('is the in-app browser, else the Referer host name, else null', () => {
    expect(referrerSource('https://www.google.com/', 'tiktok')).toBe('tiktok');
    expect(referrerSource('https://WWW.Google.com/search?q=me', null)).toBe('www.google.com');
    expect(referrerSource('android-app://com.google.android.gm/', null)).toBe('com.google.android.gm');
    expect(referrerSource('not a url', null)).toBeNull();
    expect(referrerSource(undefined, null)).toBeNull();
    expect(referrerSource('', null)).toBeNull();
  });
});

describe('createVisitorReader', () => {
  it('puts every fact of a click together', () => {
    const read = createVisitorReader({ trustProxy: true });
    expect(
      read(fakeRequest({ 'user-agent': UA.instagramIos, 'x-forwarded-for': IP.india, referer: 'https://t.co/x' })),
    ).toEqual({
      ...DEVICE.instagramIos,
      is_bot: false,
      in_app: 'instagram',
      preview_bot: false,
      ...PLACE.india,
      referrer_source: 'instagram',
      user_agent: UA.instagramIos,
      visitor: null,
      address: IP.india,
    });
  });

  it('places the visitor by the full address and stores what keepAddress keeps', () => {
    const read = createVisitorReader({
      trustProxy: true,
      keepAddress: (full) => ({ ip_address: 'kept', visitor: `id-of-${full}` }),
    });
    const visitor = read(fakeRequest({ 'user-agent': UA.desktopChrome, 'x-forwarded-for': IP.india }));
    expect(visitor).toMatchObject({ country: PLACE.india.country, ip_address: 'kept', visitor: `id-of-${IP.india}` });
  });

  it('cuts an overlong user agent', () => {
    const read = createVisitorReader({ trustProxy: false });
    const long = `${UA.desktopChrome} ${'x'.repeat(1000)}`;
    const visitor = read(fakeRequest({ 'user-agent': long }));
    expect(visitor.user_agent).toBe(long.slice(0, MAX_USER_AGENT_LENGTH));
    expect(visitor.browser).toBe('Chrome');
  });
});
