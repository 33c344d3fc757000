import { describe, expect, it } from 'vitest';
import { isCallbackPage, rootedIndexHtml } from './rooted-index.ts';

describe('rooted index', () => {
  it("finds the sign-in window's callback page only (the config and other routes stay theirs)", () => {
    expect(isCallbackPage('/oauth/callback')).toBe(true);
    expect(isCallbackPage('/oauth/callback?code=x&state=y')).toBe(true);
    expect(isCallbackPage('/__inspector/config')).toBe(false);
    expect(isCallbackPage('/')).toBe(false);
    expect(isCallbackPage('/?server=demo')).toBe(false);
    expect(isCallbackPage('/anything')).toBe(false);
    expect(isCallbackPage('/assets/app-1.js')).toBe(false);
  });

  it("makes the build's page-relative script, style and icon URLs absolute and leaves others alone", () => {
    const html =
      '<link rel="icon" href="./favicon.svg" /><script type="module" crossorigin src="./assets/startup-1.js"></script>' +
      '<link rel="preload" href="/__inspector/config" as="fetch" /><a href="https://x.example/./y">';
    expect(rootedIndexHtml(html)).toBe(
      '<link rel="icon" href="/favicon.svg" /><script type="module" crossorigin src="/assets/startup-1.js"></script>' +
        '<link rel="preload" href="/__inspector/config" as="fetch" /><a href="https://x.example/./y">',
    );
  });
});
