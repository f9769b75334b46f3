/**
 * Vitest setup: servers started inside the test process log their access lines through the real
 * logger; those go nowhere here, so the run's output shows the tests. Warnings and errors still
 * reach stderr. Tests that read the lines use captureLogs (logs.ts); built servers log as usual.
 */
import { createLogger, setLogger } from '../../redirector/observability/logger';

setLogger(createLogger({ format: 'text', stdout: { write: () => true }, stderr: process.stderr }));
