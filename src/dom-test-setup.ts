/**
 * Vitest setup for the DOM unit tests only (`*.test.tsx`; see `vitest.config.ts`), run before each such file.
 *
 * Testing Library's async queries (`findBy…`, `waitFor`) give up after 1 s by default; a lazily loaded chunk (the rjsf
 * forms) can take longer on a busy 2-core machine while other suites run in parallel. They still resolve the moment the
 * element appears, so a longer ceiling costs nothing when things are fast.
 *
 * One jsdom serves all the files a worker runs (files are not isolated: a fresh jsdom per file cost more than the tests
 * themselves), so each file hands the next one the page as a fresh jsdom would: nothing rendered, no attributes on
 * <html>, empty storage, real timers.
 */
import { configure } from '@testing-library/dom';
import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

configure({ asyncUtilTimeout: 10_000 });

afterAll(() => {
  cleanup();
  vi.useRealTimers();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  document.body.getAttributeNames().forEach((name) => document.body.removeAttribute(name));
  localStorage.clear();
  sessionStorage.clear();
});
