/**
 * A plain static file server (node:http, nothing else: no relay, no config, no mock) over the built app, to prove
 * `dist/` works from any static host in direct mode. GET only; unknown paths get index.html; port 0.
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

export function startStaticDist(root: string): Promise<TestServer> {
  return listen((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(root, extname(path) ? path : 'index.html');
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end('not found');
      },
    );
  });
}
