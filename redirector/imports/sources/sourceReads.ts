/**
 * A source's reads with their errors marked as the source's (docs/api.md#imports): opening it and
 * every read of its links and clicks. Only those fail a job as "The source could not be read"; an
 * error of Me's own database met by the same job is no fault of the source's (importRunner.ts).
 * A RuleError of a source (a CSV that cannot be read, a host that may not be reached) keeps its words.
 */
import { RuleError } from '../../ruleError';
import type { ImportSourceReader, SourceClick } from './importSource';

/** The source could not be opened or read: the job fails with this message. */
export class SourceUnreadable extends Error {
  constructor(cause: unknown) {
    // The driver's words name no password (importRunner.ts never logs the connection either).
    super(`The source could not be read: ${cause instanceof Error ? cause.message : String(cause)}`.slice(0, 500), {
      cause,
    });
    this.name = 'SourceUnreadable';
  }
}

const blamed = (error: unknown) =>
  error instanceof RuleError || error instanceof SourceUnreadable ? error : new SourceUnreadable(error);

/** `read()`, its error the source's. */
export async function fromSource<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw blamed(error);
  }
}

async function* pagesFromSource(pages: AsyncIterable<SourceClick[]>): AsyncIterable<SourceClick[]> {
  try {
    yield* pages;
  } catch (error) {
    throw blamed(error);
  }
}

/** The reader, every error of its reads the source's. */
export function blamingSource(reader: ImportSourceReader): ImportSourceReader {
  const { linkClicks } = reader;
  return {
    rowsPerPage: reader.rowsPerPage,
    linksAfter: (after, limit) => fromSource(() => reader.linksAfter(after, limit)),
    clicksAfter: (after, limit) => fromSource(() => reader.clicksAfter(after, limit)),
    ...(linkClicks && {
      linkClicks: (link, since) => pagesFromSource(linkClicks.call(reader, link, since)),
    }),
    close: () => reader.close(),
  };
}
