/**
 * A plain static file server that puts `root` (the built app) under a sub-path, as a project page on GitHub Pages
 * is served (`/<sub>/…`), and records the method of every request it receives: the demo server must reach the host
 * with nothing but GET (or HEAD). Files only: no rewrite (a folder gets its index.html, as static hosts do), no
 * headers beyond the content type, 404 for everything else. Port 0.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { listen, type TestServer } from './listen.fixtures.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface SubPathHost extends TestServer {
  /** `origin` + the sub-path, ending in `/` */
  appUrl: string;
  /** `METHOD path` of every request received, in order */
  received: string[];
}

export async function startStaticSubPath(root: string, sub = '/inspector/'): Promise<SubPathHost> {
  const received: string[] = [];
  const server = await listen((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    received.push(`${req.method} ${path}`);
    const inside = path.startsWith(sub) ? normalize(path.slice(sub.length)).replace(/^(\.\.[/\\])+/, '') : undefined;
    if (inside === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(inside === undefined ? 404 : 405);
      res.end();
      return;
    }
    const file = join(root, inside === '.' || inside.endsWith('/') ? join(inside, 'index.html') : inside);
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        res.writeHead(404);
        res.end('not found');
      },
    );
  });
  return { ...server, appUrl: `${server.origin}${sub}`, received };
}
