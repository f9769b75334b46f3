/**
 * Setup of the renderer's suites (vitest.config.mts): Testing Library's `waitFor` and `findBy…`
 * give up after one second by default, and the suite runs beside several others on a shared
 * 2-core machine, where a render can take longer than that. A wait ends as soon as its condition
 * holds, so a longer bound costs a passing test nothing.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
