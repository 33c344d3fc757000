/**
 * The build's URLs are relative to the page (`base: './'`), so `dist/` works at a host's root and under any
 * sub-path. A server that serves the page itself at a deeper path (the sign-in window's `/oauth/callback`) knows the
 * app is at its root: it makes those URLs absolute, or `./assets/…` would resolve under `/oauth/`. Node-only, pure.
 */
import { extname } from 'node:path';

/** The page is asked for below the root (a path with no file extension in a folder), e.g. `/oauth/callback`. */
export function isNestedPagePath(urlPath: string): boolean {
  const path = urlPath.split(/[?#]/, 1)[0] ?? '/';
  return extname(path) === '' && path.replace(/\/+$/, '').lastIndexOf('/') > 0;
}

/** index.html with its page-relative `./` URLs made root-absolute. */
export function rootedIndexHtml(html: string): string {
  return html.replace(/(\s(?:src|href)=")\.\//g, '$1/');
}
