/**
 * Where isbot's substring patterns hit real browsers, and that its crawlers stay crawlers. Each
 * user agent here is also in tests/fixtures/userAgents with its source; `isbot` is checked first
 * so that every case below is one the plain list gets wrong.
 */
import { isbot } from 'isbot';
import { describe, expect, it } from 'vitest';
import { isBotUserAgent } from '../../../../redirector/visits/botCheck';
import { UA } from '../../../helpers/visitors';

/** natevw/simplify-user-agent tests/eg.js: "1024x768" holds Site24x7's "24x7". */
const INSTAGRAM_IPAD_SIZE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 13_2_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 122.1.3.22.123 (iPhone11,8; iOS 13_2_3; nl_NL; nl-NL; scale=2.00; 1024x768; 12345)';
/** A WeChat web view (unnamed public file, search-index id 10915668970): "Process/tools". */
const WECHAT_TOOLS =
  'Mozilla/5.0 (Linux; Android 7.0; SM-G928V Build/NRD90M; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/66.0.3359.126 MQQBrowser/6.2 TBS/044506 Mobile Safari/537.36 MMWEBID/9796 MicroMessenger/7.0.3.1400(0x2700033B) Process/tools NetType/WIFI Language/zh_CN';
/** oaplatform/oap UserAgentTest.java: Apple News, "news". */
const APPLE_NEWS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 10_0_2 like Mac OS X) AppleWebKit/602.1.50 (KHTML, like Gecko) AppleNews/608.0.1 Version/2.0.1';
/** Unnamed public file, search-index id 70581598689: a phone brand ending in "bot", after "(" and "/". */
const TELEGRAM_FOSSIBOT =
  'Mozilla/5.0 (Linux; Android 13; F102 Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/141.0.7390.43 Mobile Safari/537.36 Telegram-Android/11.14.1 (Fossibot F102; Android 13; SDK 33; HIGH)';
const FACEBOOK_CUBOT =
  'Mozilla/5.0 (Linux; Android 12; CUBOT X50 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/141.0.7390.43 Mobile Safari/537.36 [FBAN/EMA;FBLC/pt_BR;FBAV/440.0.0.11.110;FBMF/CUBOT;FBDV/CUBOT X50;]';

describe('isBotUserAgent', () => {
  it('takes a recognised in-app browser for a person whatever isbot says', () => {
    for (const userAgent of [INSTAGRAM_IPAD_SIZE, WECHAT_TOOLS, FACEBOOK_CUBOT]) {
      expect(isbot(userAgent), userAgent).toBe(true);
      expect(isBotUserAgent(userAgent, true), userAgent).toBe(false);
    }
  });

  it("looks again without the browser tokens isbot's patterns mistake for crawlers", () => {
    // Not recognised as in-app (false): only the second look can clear them.
    for (const userAgent of [APPLE_NEWS, TELEGRAM_FOSSIBOT, FACEBOOK_CUBOT]) {
      expect(isbot(userAgent), userAgent).toBe(true);
      expect(isBotUserAgent(userAgent, false), userAgent).toBe(false);
    }
    // Screen sizes and WeChat's "Process/tools" come only with apps recognised first.
    expect(isBotUserAgent(INSTAGRAM_IPAD_SIZE, false)).toBe(true);
    expect(isBotUserAgent(WECHAT_TOOLS, false)).toBe(true);
  });

  it('keeps crawlers that carry those tokens, or claim an app without being a web view', () => {
    expect(isBotUserAgent('Site24x7', false)).toBe(true);
    expect(isBotUserAgent(`${APPLE_NEWS} (compatible; Googlebot/2.1; +http://www.google.com/bot.html)`, false)).toBe(
      true,
    );
    // facebookexternalhit claims no app; a token without a web view's "Mozilla/5.0 (" proves nothing.
    expect(isBotUserAgent(UA.facebookexternalhit, false)).toBe(true);
    expect(isBotUserAgent(UA.facebookexternalhit, true)).toBe(true);
  });

  it('knows scripts that isbot lets through, and an empty user agent', () => {
    for (const userAgent of [
      'Mozilla/5.0 (Windows NT 10.0; Microsoft Windows 10.0.15063; en-US) PowerShell/6.0.0',
      'Mozilla/5.0 (Windows NT; Windows NT 10.0; de-DE) WindowsPowerShell/5.1.19041.5737',
      'Dart/3.10 (dart:io)',
    ]) {
      expect(isbot(userAgent), userAgent).toBe(false);
      expect(isBotUserAgent(userAgent, false), userAgent).toBe(true);
    }
    expect(isBotUserAgent('', false)).toBe(true);
    expect(isBotUserAgent('   ', true)).toBe(true);
  });

  it('leaves plain browsers people', () => {
    for (const userAgent of [UA.desktopChrome, UA.iphoneSafari, UA.androidChrome]) {
      expect(isBotUserAgent(userAgent, false), userAgent).toBe(false);
    }
  });
});
