/**
 * wrap and unwrap as processes. First the wrapped entry, started the way a host starts a stdio server (its command
 * and args, no shell, its env over the host's, its cwd): it reaches the tap with the tap's options, and the tap's
 * `-- <command> <args…>` is exactly the original entry. `mrtr-inspector tap` is not on this branch: a stub stands in
 * for it, which reads the tap's options, reports them on stderr and starts what follows `--` as the real tap does. So
 * this proves the wrapped command line and the argument passing, not the tap itself. Then the command line itself.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { selfLauncher, wrapCommand, type WrapIo } from './wrap-command.ts';
import { DESKTOP_CONFIG, LAUNCHER } from './wrap.fixtures.ts';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), 'main.ts');

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ECHO_SERVER = `process.stdout.write(JSON.stringify({ argv: process.argv.slice(2), cwd: process.cwd(), env: process.env.WRAP_TEST }));`;

const TAP_STUB = `import { execFile, spawn } from 'node:child_process';
const args = process.argv.slice(2);
if (args[0] !== 'tap') { console.error('not a tap command line: ' + JSON.stringify(args)); process.exit(64); }
const options = {};
let i = 1;
for (; i < args.length && args[i] !== '--'; i += 2) options[args[i]] = args[i + 1];
if (args[i] !== '--') { console.error('no -- in ' + JSON.stringify(args)); process.exit(64); }
process.stderr.write(JSON.stringify(options));
const child = spawn(args[i + 1], args.slice(i + 2), { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 1));
`;

function run(command: string, args: string[], opts: { env: Record<string, string>; cwd: string }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...opts.env }, cwd: opts.cwd, shell: false });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('the wrapped entry, spawned as a host does, hands the tap exactly the original command and args', async () => {
  dir = mkdtempSync(join(tmpdir(), 'mrtr-wrap-spawn-'));
  const echo = join(dir, 'echo-server.mjs');
  const stub = join(dir, 'dist-node', 'cli.js');
  writeFileSync(echo, ECHO_SERVER);
  // the stub sits where a built package keeps its command line, so the launcher is built as for the real one
  mkdirSync(join(dir, 'dist-node'));
  writeFileSync(stub, TAP_STUB);
  const launcher = selfLauncher(stub);
  if ('problem' in launcher) throw new Error(launcher.problem);
  expect(launcher).toEqual({ command: process.execPath, args: [stub] });

  const originalArgs = [echo, 'two words', '--flag=x', '${input:not-expanded}', 'ünïcødé', '', '"quoted"', '$HOME'];
  const config = join(dir, 'claude_desktop_config.json');
  writeFileSync(
    config,
    JSON.stringify(
      { mcpServers: { echo: { command: process.execPath, args: originalArgs, env: { WRAP_TEST: 'kept' }, cwd: dir } } },
      null,
      2,
    ),
  );
  const io: WrapIo = {
    log: () => {},
    error: (l) => {
      throw new Error(l);
    },
    env: { platform: process.platform, home: dir, env: {}, cwd: dir },
    launcher: () => launcher,
  };
  expect(
    await wrapCommand({ kind: 'wrap', target: { config }, servers: [], inspector: 'http://127.0.0.1:6280' }, io),
  ).toBe(0);

  type Entry = { command: string; args: string[]; env: Record<string, string>; cwd: string };
  const entry = (JSON.parse(readFileSync(config, 'utf8')) as { mcpServers: Record<string, Entry> }).mcpServers.echo!;
  const result = await run(entry.command, entry.args, { env: entry.env, cwd: entry.cwd });
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stderr)).toEqual({ '--inspector': 'http://127.0.0.1:6280', '--name': 'echo' });
  expect(JSON.parse(result.stdout)).toEqual({ argv: originalArgs.slice(1), cwd: dir, env: 'kept' });
});

it('names the build step when the command line is run from source and not built', () => {
  dir = mkdtempSync(join(tmpdir(), 'mrtr-wrap-src-'));
  expect(selfLauncher(join(dir, 'src', 'node', 'cli', 'main.ts'))).toEqual({
    problem: `the built command line is missing (${join(dir, 'dist-node', 'cli.js')}): run npm run build:node, then wrap again (the host starts that file)`,
  });
});

/** The command line as a user runs it: its exit status and what it prints. */
function cli(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', MAIN, ...args], (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });
}

it('the command line exits 2 on a file that does not parse, and unwrap restores a wrapped file', async () => {
  dir = mkdtempSync(join(tmpdir(), 'mrtr-wrap-cli-'));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '{ "mcpServers": { "a": { "command": "x" }, }\n');
  const good = join(dir, 'claude_desktop_config.json');
  writeFileSync(good, DESKTOP_CONFIG);
  const io: WrapIo = {
    log: () => {},
    error: () => {},
    env: { platform: 'linux', home: dir, env: {}, cwd: dir },
    launcher: () => LAUNCHER,
  };
  await wrapCommand({ kind: 'wrap', target: { config: good }, servers: [] }, io);
  expect(readFileSync(good, 'utf8')).not.toBe(DESKTOP_CONFIG);

  const [wrap, unwrap] = await Promise.all([cli(['wrap', '--config', bad]), cli(['unwrap', '--config', good])]);
  expect(wrap).toEqual({
    code: 2,
    stdout: '',
    stderr: `mrtr-inspector wrap: ${bad}: it does not parse as JSON: CloseBraceExpected at line 2, column 1; fix the file (or restore it) and run again. Nothing was changed.\n`,
  });
  expect(readFileSync(bad, 'utf8')).toBe('{ "mcpServers": { "a": { "command": "x" }, }\n');
  expect(unwrap.code).toBe(0);
  expect(unwrap.stdout).toContain('Restored byte for byte');
  expect(readFileSync(good, 'utf8')).toBe(DESKTOP_CONFIG);
}, 30_000);
