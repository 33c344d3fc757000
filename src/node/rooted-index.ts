/**
 * The build's URLs are relative to the page (`base: './'`), so `dist/` works at a host's root and under any
 * sub-path. A server that serves the page itself at a deeper path (the sign-in window's `/oauth/callback`) knows the
 * app is at its root: it makes those URLs absolute, or `./assets/…` would resolve under `/oauth/`. Node-only, pure.
 */
import { CALLBACK_PATH } from '../protocol/auth/client-metadata.ts';

/** The page is asked for as the sign-in window's callback (`/oauth/callback`, any query). */
export function isCallbackPage(urlPath: string): boolean {
  return urlPath.split(/[?#]/, 1)[0] === CALLBACK_PATH;
}

/** index.html with its page-relative `./` URLs made root-absolute. */
export function rootedIndexHtml(html: string): string {
  return html.replace(/(\s(?:src|href)=")\.\//g, '$1/');
}
