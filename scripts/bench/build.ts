/** Builds the server bundle when it is missing or older than its sources (as `npm start` does). */
import { BUILDS, buildIfStale } from '../staleBuild.mjs';

/** True when it had to build. */
export function ensureServerBuild(log: (message: string) => void): boolean {
  return buildIfStale(BUILDS.server, { log, showOutput: false });
}
