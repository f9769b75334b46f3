/** Real user agents and addresses (geoip-lite 1.4's data) shared by the short-link tests. */
import type { DeviceType } from '../../redirector/contract/clicks';

export const UA = {
  tiktokIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_32.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US ByteFullLocale/en isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_320305 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.3.5 ByteLocale/en ByteFullLocale/en Region/IN AppId/1180 Spark/1.4.8.3-bugfix AppVersion/32.3.5 BytedanceWebview/d8a21c6',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.0.34.111 (iPhone15,3; iOS 17_1; en_US; en; scale=3.00; 1290x2796; 532277404)',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.231105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Instagram 309.1.0.41.113 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 541635890)',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/442.0.0.48.117;FBBV/535309434;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/537196069]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 12; SM-A525F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.66 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/440.0.0.31.105;]',
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  curl: 'curl/8.5.0',
  facebookexternalhit: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  twitterbot: 'Twitterbot/1.0',
  slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  whatsapp: 'WhatsApp/2.23.20.0 A',
  discordbot: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
} as const;

/** The link-preview fetchers docs/api.md#social-previews names, by their published user agents. */
export const PREVIEW_BOTS = {
  facebookexternalhit: UA.facebookexternalhit,
  Facebot: 'Facebot',
  Twitterbot: UA.twitterbot,
  'Slackbot-LinkExpanding': UA.slackbot,
  LinkedInBot: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  Discordbot: UA.discordbot,
  WhatsApp: UA.whatsapp,
  TelegramBot: 'TelegramBot (like TwitterBot)',
  SkypeUriPreview: 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
  Pinterestbot: 'Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)',
  redditbot: 'Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)',
  Embedly: 'Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)',
  Iframely: 'Iframely/1.3.1 (+https://iframely.com/docs/about) Proxy',
} as const;

/** Addresses as geoip-lite 1.4 places them (checked against its data). */
export const IP = {
  /** IN, Mumbai */
  india: '103.21.58.1',
  /** NG, Abeokuta */
  nigeria: '105.112.0.1',
  /** US, Ashburn */
  us: '3.3.3.3',
  /** Known to geoip-lite with an empty country: stored as XX. */
  cloudflareDns: '1.1.1.1',
} as const;

/** What the user-agent parser reads from the agents above: the device, browser and OS fields of a click. */
export const DEVICE = {
  tiktokIos: device('ios', 'iPhone', 'TikTok', '32.5.0', 'iOS', '17.1.2'),
  tiktokAndroid: device('android', 'SM-S911B', 'TikTok', '32.3.5', 'Android', '13'),
  instagramIos: device('ios', 'iPhone', 'Instagram', '307.0.0.34.111', 'iOS', '17.1'),
  instagramAndroid: device('android', 'Pixel 8', 'Instagram', '309.1.0.41.113', 'Android', '14'),
  facebookIos: device('ios', 'iPhone', 'Facebook', '442.0.0.48.117', 'iOS', '17.1.1'),
  desktopChrome: device('web', null, 'Chrome', '120.0.0.0', 'Windows', '10'),
  iphoneSafari: device('ios', 'iPhone', 'Mobile Safari', '17.1', 'iOS', '17.1.2'),
  androidChrome: device('android', 'SM-G991B', 'Chrome', '120.0.6099.144', 'Android', '13'),
  /** A bot, a link-preview fetcher, an unreadable or empty user agent. */
  none: device('web', null, null, null, null, null),
};

/** The address, country and city a click from each address of IP stores (unknown places as XX). */
export const PLACE = {
  india: { ip_address: IP.india, country: 'IN', city: 'Mumbai' },
  nigeria: { ip_address: IP.nigeria, country: 'NG', city: 'Abeokuta' },
  us: { ip_address: IP.us, country: 'US', city: 'Ashburn' },
  cloudflareDns: { ip_address: IP.cloudflareDns, country: 'XX', city: null },
};

function device(
  device_type: DeviceType,
  device_info: string | null,
  browser: string | null,
  browser_version: string | null,
  os: string | null,
  os_version: string | null,
) {
  return { device_type, device_info, browser, browser_version, os, os_version };
}
