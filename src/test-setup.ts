/**
 * Vitest setup for every unit test file. Testing Library's async queries (`findBy…`, `waitFor`) give up after 1 s by
 * default; a lazily loaded chunk (the rjsf forms) can take longer on a busy 2-core machine while other suites run in
 * parallel. They still resolve the moment the element appears, so a longer ceiling costs nothing when things are fast.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
