// npm start: builds what is missing or out of date, then runs the service in this process.
// package.json runs it with `exec`: npm passes SIGTERM and SIGINT to its script's process only, and
// without `exec` that is the shell, which dies and leaves the server running; with it, the server
// stops as on any signal and npm exits with its status.
import { BUILDS, buildIfStale } from './staleBuild.mjs';

const log = (message) => console.log(`me: ${message}`);
buildIfStale(BUILDS.web, { log, showOutput: true });
buildIfStale(BUILDS.server, { log, showOutput: true });

await import('../dist/server/server.js');
