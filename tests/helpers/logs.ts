/** The service's log lines in memory, written by its real logger (redirector/observability/logger.ts). */
import { createLogger, type LogFormat, setLogger } from '../../redirector/observability/logger';

export interface CapturedLogs {
  /** Every line, stdout and stderr alike, without the newline. */
  lines: string[];
  /** The lines that went to stderr (warnings and errors). */
  errors: string[];
  restore(): void;
}

export function captureLogs(format: LogFormat = 'text'): CapturedLogs {
  const lines: string[] = [];
  const errors: string[] = [];
  const sink = (target: string[][]) => ({
    write(chunk: string) {
      for (const line of chunk.split('\n').filter(Boolean)) for (const list of target) list.push(line);
    },
  });
  const restore = setLogger(createLogger({ format, stdout: sink([lines]), stderr: sink([lines, errors]) }));
  return { lines, errors, restore };
}
