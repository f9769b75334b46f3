/** Many redirects at once over keep-alive sockets, as the durability tests send them to a built server. */
import http from 'node:http';

export interface RedirectBurst {
  count: number;
  /** Keep-alive sockets shared by the requests. */
  connections: number;
  /** The headers of the i-th request. */
  headers(i: number): Record<string, string>;
  /** Runs once, when the first answer has ended. */
  onFirstAnswer?: () => void;
}

/** Sends the burst to /<shortCode>; resolves each status (0 on a connection error). */
export function sendRedirectBurst(server: { url: string }, shortCode: string, burst: RedirectBurst): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: burst.connections });
  let first = true;
  const one = (i: number) =>
    new Promise<number>((resolve) => {
      const req = http.get(`${server.url}/${shortCode}`, { agent, headers: burst.headers(i) }, (res) => {
        res.resume();
        res.on('end', () => {
          if (first) {
            first = false;
            burst.onFirstAnswer?.();
          }
          resolve(res.statusCode ?? 0);
        });
        res.on('error', () => resolve(0));
      });
      req.on('error', () => resolve(0));
    });
  return Promise.all(Array.from({ length: burst.count }, (_, i) => one(i))).finally(() => agent.destroy());
}
