// npm start: builds what is missing or out of date, then runs the service in this process.
import { BUILDS, buildIfStale } from './staleBuild.mjs';

const log = (message) => console.log(`me: ${message}`);
buildIfStale(BUILDS.web, { log, showOutput: true });
buildIfStale(BUILDS.server, { log, showOutput: true });

await import('../dist/server/server.js');
