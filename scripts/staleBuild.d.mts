export interface Build {
  name: string;
  /** Repo-relative file the build writes. */
  output: string;
  /** Repo-relative folders it is built from. */
  sources: string[];
  /** The npm script that builds it. */
  script: string;
}

export const BUILDS: { web: Build; server: Build };

/** Builds when the output is missing or older than a source file; true when it built. */
export function buildIfStale(build: Build, options: { log: (message: string) => void; showOutput: boolean }): boolean;
