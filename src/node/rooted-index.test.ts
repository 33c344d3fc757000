import { describe, expect, it } from 'vitest';
import { isNestedPagePath, rootedIndexHtml } from './rooted-index.ts';

describe('rooted index', () => {
  it('finds the page asked for below the root only', () => {
    expect(isNestedPagePath('/oauth/callback')).toBe(true);
    expect(isNestedPagePath('/oauth/callback?code=x&state=y')).toBe(true);
    expect(isNestedPagePath('/')).toBe(false);
    expect(isNestedPagePath('/?server=demo')).toBe(false);
    expect(isNestedPagePath('/anything')).toBe(false);
    expect(isNestedPagePath('/assets/app-1.js')).toBe(false);
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
