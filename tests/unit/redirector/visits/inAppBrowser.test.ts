import { describe, expect, it } from 'vitest';
import { detectInAppBrowser } from '../../../../redirector/visits/inAppBrowser';
import { UA } from '../../../helpers/visitors';

describe('detectInAppBrowser', () => {
  it('recognises TikTok on iOS (musical_ly) and Android (trill_, BytedanceWebview)', () => {
    expect(detectInAppBrowser(UA.tiktokIos)).toEqual({ app: 'tiktok', name: 'TikTok', version: '32.5.0' });
    expect(detectInAppBrowser(UA.tiktokAndroid)).toEqual({ app: 'tiktok', name: 'TikTok', version: '32.3.5' });
  });

  it('recognises Instagram on iOS and Android', () => {
    expect(detectInAppBrowser(UA.instagramIos)).toEqual({
      app: 'instagram',
      name: 'Instagram',
      version: '307.0.0.34.111',
    });
    expect(detectInAppBrowser(UA.instagramAndroid)?.app).toBe('instagram');
  });

  it('recognises Facebook (FBAN/FBAV and FB_IAB) and tells Messenger apart', () => {
    expect(detectInAppBrowser(UA.facebookIos)).toEqual({
      app: 'facebook',
      name: 'Facebook',
      version: '442.0.0.48.117',
    });
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
