/**
 * Figure: JS the entry HTML loads before the first screen, gzip level 9, for this app's build and for the official
 * MCP Inspector's web client (from its npm package), measured the same way in the same run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { notMeasured, row, type FigureRow } from './report.ts';
import { KB } from './stats.ts';

interface EntryJs {
  files: { file: string; bytes: number; gzip: number }[];
  gzip: number;
  raw: number;
}

function gz(buf: Buffer): number {
  return gzipSync(buf, { level: 9 }).length;
}

/** `/assets/x.js` or `./assets/x.js` relative to the HTML's folder. */
function local(root: string, ref: string): string | undefined {
  if (/^[a-z]+:\/\//i.test(ref) || ref.startsWith('//')) return undefined;
  return join(root, ref.replace(/^\.?\//, ''));
}

/** Static `import ... from "./x.js"` / `import "./x.js"` of a minified chunk (not dynamic `import()`). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) if (m[1]) out.push(m[1]);
  return out;
}

/**
 * The entry chunk(s) named by `<script type="module" src>` and `<link rel="modulepreload">`, plus their static
 * imports, recursively: what the browser must load and run before the first screen.
 */
function entryJs(htmlPath: string): EntryJs {
  const root = dirname(htmlPath);
  const html = readFileSync(htmlPath, 'utf8');
  const queue: string[] = [];
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) if (m[1]) queue.push(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) if (m[1]) queue.push(m[1]);
  const seen = new Set<string>();
  const files: EntryJs['files'] = [];
  while (queue.length) {
    const ref = queue.shift() as string;
    const path = local(root, ref);
    if (!path || seen.has(path) || !existsSync(path)) continue;
    seen.add(path);
    const buf = readFileSync(path);
    files.push({ file: path.slice(root.length + 1), bytes: buf.length, gzip: gz(buf) });
    for (const dep of staticImports(buf.toString('utf8'))) queue.push(join(dirname(path), dep).slice(root.length));
  }
  return { files, gzip: files.reduce((a, f) => a + f.gzip, 0), raw: files.reduce((a, f) => a + f.bytes, 0) };
}

/** All JS a build emits (lazy chunks included), for context. */
function allJs(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) total += allJs(p);
    else if (name.endsWith('.js')) total += gz(readFileSync(p));
  }
  return total;
}

const PACKAGE = '@modelcontextprotocol/inspector';
/** Where the web client's entry HTML has lived in the package, newest layout first. */
const WEB_CLIENT_HTML = ['clients/web/dist/index.html', 'client/dist/index.html'];

/**
 * Download (once; cached in the OS temp folder) and unpack the official inspector's npm package. `allowDownload`
 * false (smoke) only uses the cache. Returns the unpacked package folder and version, or why it could not.
 */
export function officialInspector(allowDownload: boolean): { dir: string; version: string } | { why: string } {
  const cache = join(tmpdir(), 'mrtr-bench-official-inspector');
  mkdirSync(cache, { recursive: true });
  let version: string | undefined;
  try {
    if (allowDownload) {
      // resolve the version first: a bare `npm pack <name>` can be served a stale "latest" from the local cache
      version = execFileSync('npm', ['view', PACKAGE, 'version'], { encoding: 'utf8', timeout: 60_000 }).trim();
    }
  } catch (err) {
    version = undefined;
    if (!cachedVersions(cache).length) return { why: `npm view ${PACKAGE} failed: ${firstLine(err)}` };
  }
  version ??= cachedVersions(cache)[0];
  if (!version) return { why: `no cached copy of ${PACKAGE} and downloads are off in --smoke` };
  const dir = join(cache, version);
  const tgz = join(cache, `modelcontextprotocol-inspector-${version}.tgz`);
  try {
    if (!existsSync(tgz)) {
      if (!allowDownload) return { why: `no cached copy of ${PACKAGE}@${version} and downloads are off in --smoke` };
      execFileSync('npm', ['pack', `${PACKAGE}@${version}`, '--pack-destination', cache], {
        stdio: 'ignore',
        timeout: 180_000,
      });
    }
    if (!existsSync(join(dir, 'package', 'package.json'))) {
      mkdirSync(dir, { recursive: true });
      execFileSync('tar', ['xzf', tgz, '-C', dir], { timeout: 60_000 });
    }
  } catch (err) {
    return { why: `npm pack ${PACKAGE}@${version} failed: ${firstLine(err)}` };
  }
  return { dir: join(dir, 'package'), version };
}

function cachedVersions(cache: string): string[] {
  return readdirSync(cache)
    .map((f) => /^modelcontextprotocol-inspector-(.+)\.tgz$/.exec(f)?.[1])
    .filter((v): v is string => Boolean(v))
    .sort()
    .reverse();
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
}

export function measureEntryJs(appOutDir: string, allowDownload: boolean): FigureRow[] {
  const app = entryJs(join(appOutDir, 'index.html'));
  const rows: FigureRow[] = [
    row(
      {
        id: 'entry-js-gzip',
        figure: 'entry JS before first screen, gzip -9',
        unit: 'KB',
        summary: { median: app.gzip / KB, min: app.gzip / KB, max: app.gzip / KB, runs: 1 },
        note: `${app.files.map((f) => `${f.file} ${(f.gzip / KB).toFixed(1)} KB`).join(', ')}; all JS incl. lazy chunks ${(allJs(appOutDir) / KB).toFixed(1)} KB gzip`,
        details: { files: app.files, rawBytes: app.raw, allJsGzip: allJs(appOutDir) },
      },
      { value: 180, text: '<= 180 KB' },
    ),
  ];
  const official = officialInspector(allowDownload);
  if ('why' in official) {
    rows.push(notMeasured('official-entry-js-gzip', 'official inspector web client entry JS, gzip -9', official.why));
    return rows;
  }
  const html = WEB_CLIENT_HTML.map((p) => join(official.dir, p)).find((p) => existsSync(p));
  if (!html) {
    rows.push(
      notMeasured(
        'official-entry-js-gzip',
        'official inspector web client entry JS, gzip -9',
        `${PACKAGE}@${official.version} has no web client build at ${WEB_CLIENT_HTML.join(' or ')}`,
      ),
    );
    return rows;
  }
  const theirs = entryJs(html);
  rows.push(
    row({
      id: 'official-entry-js-gzip',
      figure: `official inspector ${official.version} web client entry JS, gzip -9`,
      unit: 'KB',
      summary: { median: theirs.gzip / KB, min: theirs.gzip / KB, max: theirs.gzip / KB, runs: 1 },
      note: `${resolve(html).slice(official.dir.length + 1)} -> ${theirs.files.map((f) => `${f.file} ${(f.gzip / KB).toFixed(1)} KB`).join(', ')}`,
      details: { version: official.version, files: theirs.files, rawBytes: theirs.raw },
    }),
    row({
      id: 'entry-js-ratio',
      figure: 'entry JS ratio: this app / official inspector',
      unit: '×',
      summary: { median: app.gzip / theirs.gzip, min: app.gzip / theirs.gzip, max: app.gzip / theirs.gzip, runs: 1 },
      note: `official is ${(theirs.gzip / app.gzip).toFixed(1)}× larger`,
    }),
  );
  return rows;
}
