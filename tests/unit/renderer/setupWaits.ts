/**
 * Setup of the renderer's suites (vitest.config.mts): Testing Library's `waitFor` and `findBy…`
 * give up after one second by default, and the suite runs beside several others on a shared
 * 2-core machine, where a render can take longer than that. A wait ends as soon as its condition
 * holds, so a longer bound costs a passing test nothing. And each test's renders are taken down after it.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 10_000 });

// Every file's renders are taken down after each test: the renderer's files share one module graph
// per worker (vitest.config.mts), and a file that left its render in the document (Testing Library
// cleans up by itself only with vitest's globals) showed it to the next file's queries.
afterEach(() => cleanup());
