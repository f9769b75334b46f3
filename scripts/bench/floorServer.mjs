// The floor: a bare node:http server answering 302 from a Map of the bench's links, and nothing
// else. Plain JavaScript, run by plain node, the way the product's build runs.
// Usage: node floorServer.mjs <links.json> <port>
import fs from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const targets = new Map(JSON.parse(fs.readFileSync(file, 'utf8')).map((link) => [link.short_code, link.target_url]));

const server = http.createServer((req, res) => {
  const target = targets.get(req.url.slice(1));
  if (target === undefined) {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Link not found');
    return;
  }
  res.writeHead(302, { Location: target, 'Cache-Control': 'private, max-age=0, no-cache' });
  res.end();
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => console.log('floor: ready'));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
