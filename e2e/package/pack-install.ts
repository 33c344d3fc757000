/**
 * `npm run test:package`: the package as a user gets it. Builds the node side (and the app if dist/ is missing),
 * packs the tarball (pack-package.ts), installs it into an empty temp folder with `npm install --offline` (it has no
 * dependencies, so nothing comes from the registry), starts the installed `mrtr-inspector --port 0 --mock --stdio …`
 * from there (module resolution cannot reach this repo's node_modules) and checks that the app, the config, the relay
 * (and its refusals), the mock and the stdio bridge answer; then runs the installed `audit` against that mock.
 * Prints the timings; exits 1 on the first failed check.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { packPackage } from './pack-package.ts';

const root = resolve(import.meta.dirname, '..', '..');
const timings: [string, number][] = [];
async function timed<T>(label: string, fn: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const value = await fn();
  timings.push([label, Math.round(performance.now() - start)]);
  return value;
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Start the installed command and wait for the line that prints the page URL. */
function startInstalled(cwd: string, args: string[]): Promise<{ child: ChildProcess; lines: string[] }> {
  const bin = join(cwd, 'node_modules', '.bin', 'mrtr-inspector');
  const child = spawn(bin, args, { cwd, env: { ...process.env, NODE_PATH: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed within 15 s:\n${lines.join('\n')}`)), 15_000);
    child.stderr!.on('data', (d: Buffer) => lines.push(`stderr: ${d.toString()}`));
    child.stdout!.on('data', (d: Buffer) => {
      lines.push(...d.toString().split('\n').filter(Boolean));
      if (lines.some((l) => l.startsWith('stdio: '))) {
        clearTimeout(timer);
        resolveStart({ child, lines });
      }
    });
    child.on('exit', (code) => reject(new Error(`mrtr-inspector exited (${code}):\n${lines.join('\n')}`)));
  });
}

const discover = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

async function main() {
  if (!existsSync(join(root, 'dist', 'index.html'))) await timed('build app', () => npm(['run', 'build'], root));
  await timed('build node side', () => npm(['run', 'build:node'], root));
  const work = mkdtempSync(join(tmpdir(), 'mrtr-pack-'));
  let child: ChildProcess | undefined;
  try {
    const tarball = await timed('npm pack', () => packPackage(join(work, 'tarball')));
    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), '{ "name": "try-mrtr-inspector", "private": true }\n');
    await timed('npm install (offline, from the tarball)', () =>
      npm(['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], app),
    );
    const installed = readdirSync(join(app, 'node_modules')).filter((n) => !n.startsWith('.'));
    assert.deepEqual(installed, ['mrtr-inspector'], 'the package installs nothing else (no dev tool chain)');

    const demo = join(app, 'node_modules', 'mrtr-inspector', 'dist-node', 'stdio-demo-server.js');
    const started = await timed('start (URL printed)', () =>
      startInstalled(app, ['--port', '0', '--mock', '--stdio', `"${process.execPath}" "${demo}"`]),
    );
    child = started.child;
    const pageLine = started.lines.find((l) => l.startsWith('MRTR Inspector: '))!;
    const base = new URL(pageLine.slice('MRTR Inspector: '.length)).origin;
    const mockLine = started.lines.find((l) => l.startsWith('Mock MCP server: '))!;
    const mockUrl = mockLine.slice('Mock MCP server: '.length);

    const page = await fetch(`${base}/`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<div id="root">/, 'the built app is served');
    assert.match(html, /Content-Security-Policy/, 'with its CSP');
    // asset URLs are relative to the page (the build works under any sub-path of a static host)
    const script = /src="(\.?\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the page names its script');
    const scriptUrl = new URL(script, `${base}/`).toString();
    assert.equal((await fetch(scriptUrl)).headers.get('content-type'), 'text/javascript; charset=utf-8');

    const config = (await (await fetch(`${base}/__inspector/config`)).json()) as {
      mockUrl: string;
      relay: { token: string };
      mockEndpoints: { label: string; url: string }[];
    };
    assert.equal(config.mockUrl, mockUrl);
    assert.ok(config.relay.token.length >= 16);
    const stdioUrl = config.mockEndpoints.find((e) => e.label.startsWith('stdio: '))?.url;
    assert.equal(stdioUrl, `${base}/__stdio/1/mcp`);
    // fetch cannot set Host; node:http can (a DNS-rebinding page would arrive with its own name)
    const foreign = await new Promise<number>((done, fail) =>
      httpGet(`${base}/__inspector/config`, { headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      }).on('error', fail),
    );
    assert.equal(foreign, 403, 'the config refuses a foreign Host');

    const relay = (
      target: string,
      body: { jsonrpc: string; id: number; method: string; params: Record<string, unknown> },
      token = config.relay.token,
    ) =>
      fetch(`${base}/__relay/forward`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': body.method,
          ...(typeof body.params.name === 'string' ? { 'mcp-name': body.params.name } : {}),
          'x-relay-token': token,
          'x-relay-target': target,
        },
        body: JSON.stringify(body),
      });
    const viaRelay = await relay(mockUrl, discover(1));
    assert.equal(viaRelay.status, 200);
    assert.match(await viaRelay.text(), /"mrtr-mock"/, 'the relay reaches the mock');
    const noToken = await relay(mockUrl, discover(2), 'wrong-token-wrong-token');
    assert.equal(noToken.headers.get('x-relay-error'), 'bad_token');

    const call = await relay(stdioUrl, {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: {
        name: 'confirm_delete',
        arguments: { path: '/tmp/x' },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        },
      },
    });
    const answer = (await call.json()) as { id: number; result: { resultType: string; inputRequests: object } };
    assert.equal(answer.id, 3);
    assert.equal(answer.result.resultType, 'input_required', 'the stdio server answers through the relay');
    const log = await fetch(`${base}/__stdio/log`, {
      method: 'POST',
      headers: { 'x-relay-token': config.relay.token },
    });
    const servers = ((await log.json()) as { servers: { running: boolean; stderr: string }[] }).servers;
    assert.equal(servers[0]?.running, true);
    assert.match(servers[0]!.stderr, /\[stdio-demo\] tools\/call confirm_delete/);

    const audit = await timed('installed audit (one tool)', () => {
      try {
        execFileSync(
          join(app, 'node_modules', '.bin', 'mrtr-inspector'),
          ['audit', '--server', mockUrl, '--only', 'approve_payment_unprotected', '--json'],
          {
            cwd: app,
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        return { status: 0, stdout: '' };
      } catch (err) {
        const e = err as { status: number; stdout: string };
        return { status: e.status, stdout: e.stdout };
      }
    });
    assert.equal(audit.status, 1, 'audit exits 1 when a check fails');
    const report = JSON.parse(audit.stdout) as { scorecards: { checks: { id: string; status: string }[] }[] };
    assert.equal(report.scorecards[0]?.checks.find((c) => c.id === 'tamper')?.status, 'fail');
    console.log('test:package: all checks passed');
  } finally {
    child?.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
    for (const [label, ms] of timings) console.log(`  ${label}: ${ms} ms`);
  }
}

main().catch((err: unknown) => {
  console.error(`test:package FAILED: ${err instanceof Error ? err.stack : String(err)}`);
  process.exitCode = 1;
});
