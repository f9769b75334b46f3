/**
 * A plain node:http(s) request for the short-link and deploy tests: fetch would refuse to send
 * Referer or its own Host, and follows redirects. Over HTTPS the certificate is not checked (a
 * test's own) and `servername` is the name the TLS handshake asks for.
 */
import http from 'node:http';
import https from 'node:https';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; servername?: string } = {},
): Promise<RawAnswer> {
  const secure = url.startsWith('https:');
  const send = secure ? https.request : http.request;
  const tls = secure ? { servername: options.servername, rejectUnauthorized: false } : {};
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false, ...tls },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
