/**
 * `mrtr-inspector wrap` and `unwrap`: put a host's stdio servers behind `mrtr-inspector tap`, and take them out again.
 * Exit 0 when done (or nothing to do), 2 when the file cannot be used (unreadable, not parsing, a shape not known, an
 * unknown --server): it is then left untouched and the message says what and where.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { Command, ConfigTarget } from './args.ts';
import { hostConfigPaths, type HostEnvironment } from './host-config-paths.ts';
import {
  commandLineText,
  configProblem,
  hasWrappedEntry,
  unwrapText,
  wrapText,
  type ServerOutcome,
  type TapLauncher,
} from './wrap-entries.ts';
import {
  backupPath,
  ChangedMeanwhile,
  describeError,
  encode,
  forgetWrap,
  readBackup,
  readConfig,
  unchangedSinceWrap,
  type ConfigFile,
  writeAtomic,
  writeWrapped,
} from './wrap-files.ts';

export interface WrapIo {
  log: (line: string) => void;
  error: (line: string) => void;
  env: HostEnvironment;
  /** how the wrapped entry starts mrtr-inspector, or why it cannot (only wrap needs it) */
  launcher: () => TapLauncher | { problem: string };
}

/**
 * The absolute path of this Node and of this package's built command line (`dist-node/cli.js`): a host started from
 * the Dock or the Start menu does not see the shell's PATH, so neither a bare `mrtr-inspector` nor `npx` is sure to be
 * found there, and `npx mrtr-inspector` would fetch whatever the registry holds under that name. `entry` is the running
 * command's own file: the bundle itself, or `src/node/cli/main.ts` under tsx (then the repository's built bundle).
 */
export function selfLauncher(entry: string, node = process.execPath): TapLauncher | { problem: string } {
  const cli = entry.endsWith('.js') ? entry : resolve(dirname(entry), '..', '..', '..', 'dist-node', 'cli.js');
  if (!existsSync(cli))
    return {
      problem: `the built command line is missing (${cli}): run npm run build:node, then wrap again (the host starts that file)`,
    };
  return { command: node, args: [cli] };
}

/** An IO for the real command: the process's console, platform, home, environment and folder. */
export function processIo(entry: string): WrapIo {
  return {
    log: (line) => console.log(line),
    error: (line) => console.error(line),
    env: { platform: process.platform, home: homedir(), env: process.env, cwd: process.cwd() },
    launcher: () => selfLauncher(entry),
  };
}

function writeFailed(err: unknown, command: string): string {
  if (err instanceof ChangedMeanwhile) return `${err.message}; nothing was written to it: run ${command} again`;
  return `writing failed: ${describeError(err)}. Each write replaces the whole file at once, so it holds its old content or the new; run ${command} again to see which`;
}

type Located = { ok: true; path: string; how: string } | { ok: false; problem: string };

function locate(target: ConfigTarget, env: HostEnvironment): Located {
  if ('config' in target) return { ok: true, path: resolve(env.cwd, target.config), how: '' };
  const paths = hostConfigPaths(target.host, env);
  if ('none' in paths) return { ok: false, problem: `${paths.none}; name the file with --config FILE` };
  const found = paths.candidates.find((p) => existsSync(p));
  if (!found)
    return {
      ok: false,
      problem: `no ${target.host} config found (looked for ${paths.candidates.join(', ')}); name the file with --config FILE`,
    };
  return { ok: true, path: found, how: ` (the ${target.host} config found here)` };
}

/** What `wrap` and `unwrap` start from: the config file, read, or the exit code after saying why not. */
type Opened = { ok: true; file: ConfigFile; how: string } | { ok: false; code: number };

/** Reports a problem as `mrtr-inspector <command>: <what><problem>`; returns the exit code (2: the file cannot be used). */
type Fail = (what: string, problem: string) => number;

function failer(command: 'wrap' | 'unwrap', io: WrapIo): Fail {
  return (what, problem) => {
    io.error(`mrtr-inspector ${command}: ${what}${problem}`);
    return 2;
  };
}

/** Find the config `target` names and read it; a file that cannot be found or read is reported through `fail`. */
async function openConfig(target: ConfigTarget, env: HostEnvironment, fail: Fail): Promise<Opened> {
  const where = locate(target, env);
  if (!where.ok) return { ok: false, code: fail('', where.problem) };
  const read = await readConfig(where.path);
  if (!read.ok) return { ok: false, code: fail(`${where.path}: `, `${read.problem}. Nothing was changed.`) };
  return { ok: true, file: read.file, how: where.how };
}

function outcomeLines(outcomes: readonly ServerOutcome[]): string[] {
  const lines: string[] = [];
  for (const o of outcomes) {
    switch (o.status) {
      case 'wrapped':
      case 'unwrapped':
        lines.push(`  ${o.status}  ${o.name}`);
        lines.push(`      before: ${commandLineText(o.before)}`);
        lines.push(`      after:  ${commandLineText(o.after)}`);
        break;
      case 'already-wrapped':
        lines.push(
          `  already wrapped  ${o.name} (left alone${o.byAnotherInstall ? '; it starts another Node or install of mrtr-inspector: unwrap, then wrap, to start this one' : ''}): ${commandLineText(o.line)}`,
        );
        break;
      case 'skipped':
        lines.push(`  skipped  ${o.name}: ${o.reason}`);
        break;
    }
  }
  return lines;
}

export async function wrapCommand(cmd: Extract<Command, { kind: 'wrap' }>, io: WrapIo): Promise<number> {
  const fail = failer('wrap', io);
  const opened = await openConfig(cmd.target, io.env, fail);
  if (!opened.ok) return opened.code;
  const { file, how } = opened;
  const problem = configProblem(file.text);
  if (problem) return fail(`${file.path}: `, `${problem}. Nothing was changed.`);
  const launcher = io.launcher();
  if ('problem' in launcher) return fail('', launcher.problem);
  const opts = { launcher, only: cmd.servers, ...(cmd.inspector ? { inspector: cmd.inspector } : {}) };
  const result = wrapText(file.text, opts);
  if (!result.ok) return fail(`${file.path}: `, `${result.problem}. Nothing was changed.`);
  io.log(`${file.path}${how}:`);
  io.log(result.outcomes.length ? outcomeLines(result.outcomes).join('\n') : `  no servers in "${result.key}"`);
  if (!result.outcomes.some((o) => o.status === 'wrapped')) {
    io.log('Nothing changed.');
    return 0;
  }
  let written: Awaited<ReturnType<typeof writeWrapped>>;
  try {
    written = await writeWrapped(file, encode(result.text, file.bom), hasWrappedEntry(file.text, launcher));
  } catch (err) {
    return fail(`${file.path}: `, writeFailed(err, 'wrap'));
  }
  const backup = backupPath(file.path);
  io.log(
    written.backup === 'written'
      ? `Backup: ${backup} (the file as it was before this wrap).`
      : `Backup: ${backup} kept (the file as it was before the first wrap; a later wrap never replaces it).`,
  );
  if (!written.restorable)
    io.log(
      'The file changed since the last wrap, so unwrap will un-wrap each entry in place rather than restore the backup.',
    );
  if (launcher.args.some((a) => /[\\/]_npx[\\/]/.test(a)))
    io.log(
      "Note: this mrtr-inspector runs from npx's cache, which npm may clear; install it (npm install -g mrtr-inspector) and wrap again for a path that lasts.",
    );
  io.log(
    `Restart the host (or reload its MCP servers) to start them through the tap. Undo: mrtr-inspector unwrap --config ${/\s/.test(file.path) ? `"${file.path}"` : file.path}`,
  );
  return 0;
}

export async function unwrapCommand(cmd: Extract<Command, { kind: 'unwrap' }>, io: WrapIo): Promise<number> {
  const fail = failer('unwrap', io);
  const opened = await openConfig(cmd.target, io.env, fail);
  if (!opened.ok) return opened.code;
  const { file, how } = opened;
  const launcher = io.launcher();
  const known = 'problem' in launcher ? undefined : launcher;
  const backup = backupPath(file.path);
  if (await unchangedSinceWrap(file)) {
    const original = await readBackup(file.path);
    if (original) {
      const listed = unwrapText(file.text, known);
      io.log(`${file.path}${how}:`);
      if (listed.ok && listed.outcomes.length) io.log(outcomeLines(listed.outcomes).join('\n'));
      try {
        await writeAtomic(file.path, original, { replaces: file.bytes });
        await forgetWrap(file.path);
      } catch (err) {
        return fail(`${file.path}: `, writeFailed(err, 'unwrap'));
      }
      io.log(`Restored byte for byte from ${backup}: the file had not changed since wrap. The backup stays beside it.`);
      return 0;
    }
  }
  const result = unwrapText(file.text, known);
  if (!result.ok) return fail(`${file.path}: `, `${result.problem}. Nothing was changed.`);
  io.log(`${file.path}${how}:`);
  if (!result.outcomes.length) {
    io.log('  no wrapped server. Nothing changed.');
    return 0;
  }
  io.log(outcomeLines(result.outcomes).join('\n'));
  try {
    await writeAtomic(file.path, encode(result.text, file.bom), { replaces: file.bytes });
    await forgetWrap(file.path);
  } catch (err) {
    return fail(`${file.path}: `, writeFailed(err, 'unwrap'));
  }
  const why = existsSync(backup)
    ? `the file changed since wrap, so restoring ${backup} would undo those changes; every other field stays as it is now, and the backup stays beside it`
    : 'there is no backup beside it; every other field stays as it is';
  io.log(`Un-wrapped in place: ${why}.`);
  return 0;
}
