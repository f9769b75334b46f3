/** A job's figures and its first MAX_IMPORT_ERRORS problems as it goes (docs/api.md#imports). */
import { type ImportProblem, type ImportProgress, MAX_IMPORT_ERRORS } from '../contract/imports';

export interface ImportTally extends ImportProgress {
  errors: ImportProblem[];
  /** Lists a problem of the row `ref`, beyond the first MAX_IMPORT_ERRORS counted only in the figures. */
  problem(ref: string, message: string): void;
  /** The figures alone, as stored. */
  progress(): ImportProgress;
}

export function createImportTally(progress: ImportProgress, errors: readonly ImportProblem[]): ImportTally {
  const tally: ImportTally = {
    links: { ...progress.links },
    clicks: { ...progress.clicks },
    errors: [...errors],
    problem(ref, message) {
      if (tally.errors.length < MAX_IMPORT_ERRORS) tally.errors.push({ ref, message });
    },
    progress: () => ({ links: { ...tally.links }, clicks: { ...tally.clicks } }),
  };
  return tally;
}
