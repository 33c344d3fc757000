/**
 * Serves the built app (`dist/`) from node:http: GET/HEAD only, files under the root only (no `..`, no symlink
 * escape), `index.html` for `/` and for any path without a file extension (the app has no client routes, but a
 * reload with `?server=` must still find the page); the page asked for below the root (the sign-in window's
 * `/oauth/callback`) gets its relative URLs made absolute (rooted-index.ts). Node-only.
 */
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { isCallbackPage, rootedIndexHtml } from '../rooted-index.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** The file a URL path names inside `root`, or undefined when it would leave it. Pure. */
export function fileFor(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const rel = decoded === '/' || extname(decoded) === '' ? '/index.html' : decoded;
  const full = resolve(join(root, rel));
  return full === root || full.startsWith(root + sep) ? full : undefined;
}

export function createStaticHandler(rootDir: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const root = resolve(rootDir);
  const realRoot = realpath(root);
  return async (req, res) => {
    const notFound = (status = 404, text = 'Not found') => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(text);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(405, 'Method not allowed');
    const file = fileFor(root, req.url ?? '/');
    if (!file) return notFound();
    let real: string;
    try {
      real = await realpath(file);
      const info = await stat(real);
      const base = await realRoot;
      if (!info.isFile() || !(real === base || real.startsWith(base + sep))) return notFound();
      if (real.endsWith(`${sep}index.html`) && isCallbackPage(req.url ?? '/')) {
        const page = rootedIndexHtml(await readFile(real, 'utf8'));
        res.writeHead(200, {
          'content-type': TYPES['.html'],
          'content-length': Buffer.byteLength(page),
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-cache',
        });
        res.end(req.method === 'HEAD' ? undefined : page);
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[extname(real)] ?? 'application/octet-stream',
        'content-length': info.size,
        'x-content-type-options': 'nosniff',
        // hashed assets never change; the page itself must be read fresh so a new version is picked up
        'cache-control': real.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    } catch {
      return notFound();
    }
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(real).pipe(res);
  };
}
