import { describe, expect, it } from 'vitest';
import { detectInAppBrowser } from '../../../../redirector/visits/inAppBrowser';
import { itReturns } from '../../../helpers/tables';
import { UA } from '../../../helpers/visitors';

describe('detectInAppBrowser', () => {
  it.each([
    ['TikTok on iOS (musical_ly)', UA.tiktokIos, { app: 'tiktok', name: 'TikTok', version: '32.5.0' }],
    [
      'TikTok on Android (trill_, BytedanceWebview)',
      UA.tiktokAndroid,
      { app: 'tiktok', name: 'TikTok', version: '32.3.5' },
    ],
    ['Instagram on iOS', UA.instagramIos, { app: 'instagram', name: 'Instagram', version: '307.0.0.34.111' }],
    ['Facebook on iOS (FBAN/FBAV)', UA.facebookIos, { app: 'facebook', name: 'Facebook', version: '442.0.0.48.117' }],
  ])('recognises %s', (_name, userAgent, inApp) => {
    expect(detectInAppBrowser(userAgent)).toEqual(inApp);
  });

  it('recognises Instagram and Facebook (FB_IAB) on Android, and tells Messenger apart', () => {
    expect(detectInAppBrowser(UA.instagramAndroid)?.app).toBe('instagram');
    expect(detectInAppBrowser(UA.facebookAndroid)?.app).toBe('facebook');
    expect(
      detectInAppBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/436.0.0.39.112;FBBV/520150406;FBDV/iPhone13,2]',
      )?.app,
    ).toBe('messenger');
  });

  it('recognises other apps by their tokens', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.60.0.44 (like Safari/8616.2.9.10.7, panda)',
        'snapchat',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.1',
        'linkedin',
      ],
      [
        'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 XWEB/1160043 MMWEBSDK/20231105 MMWEBID/1563 MicroMessenger/8.0.44.2502(0x28002C3B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
        'wechat',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0',
        'line',
      ],
    ];
    for (const [userAgent, app] of cases) expect(detectInAppBrowser(userAgent)?.app, app).toBe(app);
  });

  it("recognises Facebook's MetaIAB browser, which carries no FBAN/FBAV (shalanah/inapp-spy, withoutasecondthought/herald)", () => {
    expect(
      detectInAppBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22G100 Safari/604.1 MetaIAB Facebook',
      ),
    ).toEqual({ app: 'facebook', name: 'Facebook', version: null });
    expect(
      detectInAppBrowser(
        'Mozilla/5.0 (Linux; Android 10; 211033MI Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/138.0.7204.179 Mobile Safari/537.36 MetaIAB',
      )?.app,
    ).toBe('facebook');
  });

  // The Snapchat agent: an unnamed public list of in-app user agents, search-index id 31332275484;
  // the Facebook one: sandra-cristina-rad/nuxt-smart-app-banner test/userAgents/userAgents.ts.
  itReturns('recognises app tokens glued to the word before them (case %#)', detectInAppBrowser, [
    [
      'Mozilla/5.0 (Linux; Android 12; SM-G990W Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/105.0.5195.136 Mobile Safari/537.36Snapchat12.01.0.33 (SM-G990W; Android 12#G990WVLU3CVG1#31; gzip; )',
      { app: 'snapchat', name: 'Snapchat', version: '12.01.0.33' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 11; WP12 Pro Build/RP1A.200720.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.85 Mobile Safari/537.36[FBAN/EMA;FBLC/ro_RO;FBAV/339.0.0.10.100;]',
      { app: 'facebook', name: 'Facebook', version: '339.0.0.10.100' },
    ],
  ]);

  itReturns(
    "takes TikTok's version from app_version, else from its musical_ly_ or trill_ token (faisalman/ua-parser-js; case %#)",
    detectInAppBrowser,
    [
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1 trill_43.0.0 BytedanceWebview/d8a21c6',
        { app: 'tiktok', name: 'TikTok', version: '43.0.0' },
      ],
      [
        'Mozilla/5.0 (Linux; Android 10; STK-LX1 Build/HONORSTK-LX1; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/110.0.5481.153 Mobile Safari/537.36 musical_ly_2022803040 JsSdk/1.0 NetType/WIFI Channel/huaweiadsglobal_int AppName/musical_ly app_version/28.3.4 ByteLocale/en ByteFullLocale/en Region/IQ Spark/1.2.7-alpha.8 AppVersion/28.3.4 PIA/1.5.11 BytedanceWebview/d8a21c6',
        { app: 'tiktok', name: 'TikTok', version: '28.3.4' },
      ],
    ],
  );

  it('finds nothing in plain browsers and bots', () => {
    for (const userAgent of [
      UA.desktopChrome,
      UA.iphoneSafari,
      UA.androidChrome,
      UA.googlebot,
      UA.facebookexternalhit,
      UA.curl,
      '',
    ]) {
      expect(detectInAppBrowser(userAgent), userAgent).toBeNull();
    }
  });
});
