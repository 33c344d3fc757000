/**
 * The text side of `wrap` and `unwrap`, pure: a host's config text in, the edited text and what happened to each
 * server out. The file is edited in place with jsonc-parser (`modify` + `applyEdits`), never re-serialised, so
 * comments, trailing commas, key order, other fields and `${input:…}` / `${workspaceFolder}` values stay as written.
 *
 * Shapes it knows: a top-level `mcpServers` object (Claude Desktop, Cursor, Claude Code, the portable `.mcp.json`) or a
 * top-level `servers` object (VS Code's `mcp.json`, beside its `inputs`). A stdio entry (one with a `command`) becomes
 * `<launcher> tap [--inspector URL] --name <server> -- <command> <args…>`; every other field stays.
 */
import {
  applyEdits,
  findNodeAtLocation,
  modify,
  parse,
  parseTree,
  printParseErrorCode,
  type FormattingOptions,
  type JSONPath,
  type ParseError,
} from 'jsonc-parser';
import { isSecretHeader, REDACTED, redactUrl } from '../../session/io/redact.ts';

/** How a host starts `mrtr-inspector`: the executable and the arguments before `tap`. */
export interface TapLauncher {
  command: string;
  args: readonly string[];
}

export type ServerOutcome =
  | { name: string; status: 'wrapped' | 'unwrapped'; before: string[]; after: string[] }
  | { name: string; status: 'already-wrapped'; line: string[]; byAnotherInstall: boolean }
  | { name: string; status: 'skipped'; reason: string };

export type EditResult =
  { ok: true; text: string; key: ConfigKey; outcomes: ServerOutcome[] } | { ok: false; problem: string };

type ConfigKey = 'mcpServers' | 'servers';

export interface WrapOptions {
  launcher: TapLauncher;
  inspector?: string;
  /** `--server` names: only these; empty or undefined wraps every stdio server */
  only?: readonly string[];
}

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false };

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

type Servers = { ok: true; key: ConfigKey; servers: Record<string, unknown> } | { ok: false; problem: string };

/** The file's servers object, or why there is none: a parse error with its line and column, or a shape not known. */
function readServers(text: string): Servers {
  const errors: ParseError[] = [];
  const root: unknown = parse(text, errors, PARSE_OPTIONS);
  const first = errors[0];
  if (first) {
    const at = lineAndColumn(text, first.offset);
    return {
      ok: false,
      problem:
        `it does not parse as JSON: ${printParseErrorCode(first.error)} at line ${at.line}, column ${at.column}` +
        `${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}; fix the file (or restore it) and run again`,
    };
  }
  if (!isObject(root))
    return { ok: false, problem: `its top level is ${describe(root)}, not an object: ${KNOWN_SHAPES}; ${NEXT}` };
  const has = (k: ConfigKey) => Object.hasOwn(root, k);
  if (has('mcpServers') && has('servers'))
    return {
      ok: false,
      problem: `it has both "mcpServers" and "servers" at the top level: a shape not known; ${NEXT}`,
    };
  const key: ConfigKey | undefined = has('mcpServers') ? 'mcpServers' : has('servers') ? 'servers' : undefined;
  if (!key) {
    const keys = Object.keys(root);
    const nested =
      isObject(root.mcp) && isObject(root.mcp.servers)
        ? ' ("mcp.servers" is the old settings.json place: VS Code reads .vscode/mcp.json now)'
        : '';
    return {
      ok: false,
      problem: `${KNOWN_SHAPES}; its top-level keys are ${keys.length ? keys.map((k) => `"${k}"`).join(', ') : 'none'}${nested}; ${NEXT}`,
    };
  }
  const servers = root[key];
  if (!isObject(servers))
    return { ok: false, problem: `its "${key}" is ${describe(servers)}, not an object of servers` };
  return { ok: true, key, servers };
}

const NEXT = 'point --config at the file where the host lists its MCP servers';
const KNOWN_SHAPES =
  'a shape not known (expected a top-level "mcpServers" object (Claude Desktop, Cursor, Claude Code) or "servers" object (VS Code mcp.json))';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  return `a ${typeof v}`;
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

/** The stdio command line of an entry, or why it is not one `wrap` can carry. */
function stdioLine(entry: unknown): { command: string; args: string[] } | { reason: string } {
  if (!isObject(entry)) return { reason: `the entry is ${describe(entry)}, not an object` };
  const type = entry.type;
  if (entry.command === undefined) {
    if (typeof entry.url === 'string' || type === 'http' || type === 'sse')
      return {
        reason: `an HTTP server (${typeof type === 'string' ? `type "${type}", ` : ''}url ${typeof entry.url === 'string' ? redactUrl(entry.url) : 'not set'}): the tap carries stdio only; point the inspector's --proxy at it instead`,
      };
    return { reason: 'no "command": not a stdio server entry' };
  }
  if (type !== undefined && type !== 'stdio') return { reason: `its type is ${JSON.stringify(type)}, not "stdio"` };
  if (typeof entry.command !== 'string' || !entry.command) return { reason: '"command" is not a non-empty string' };
  if (entry.args !== undefined && !isStringList(entry.args)) return { reason: '"args" is not a list of strings' };
  return { command: entry.command, args: entry.args ?? [] };
}

const TAP_OPTIONS = ['--inspector', '--name'];

/** An arg that is the package itself: the bin, `mrtr-inspector@1.2.3` (npx), or the built bundle's path. */
function namesThePackage(arg: string, first: boolean): boolean {
  const base = arg.split(/[\\/]/).at(-1)!.toLowerCase();
  if (/^mrtr-inspector(@.*)?$/.test(base) || (first && /^mrtr-inspector(\.cmd|\.exe|\.ps1)?$/.test(base))) return true;
  return /dist-node[\\/]cli\.js$/.test(arg);
}

export interface WrappedLine {
  command: string;
  args: string[];
  name?: string;
  inspector?: string;
}

/**
 * The original command line inside a wrapped one, or undefined when the line is not one `wrap` writes: `tap`, then
 * only `--inspector`/`--name`, then `--` and the command, started by this launcher or by anything that names the
 * package (the bin, `npx mrtr-inspector`, another install's `dist-node/cli.js`).
 */
export function unwrapLine(command: string, args: readonly string[], launcher?: TapLauncher): WrappedLine | undefined {
  for (let i = 0; i < args.length && i <= 4; i++) {
    if (args[i] !== 'tap') continue;
    const prefix = args.slice(0, i);
    const byLauncher =
      launcher !== undefined &&
      launcher.command === command &&
      launcher.args.length === prefix.length &&
      launcher.args.every((a, k) => a === prefix[k]);
    if (!byLauncher && ![command, ...prefix].some((a, k) => namesThePackage(a, k === 0))) continue;
    const found: Partial<Record<string, string>> = {};
    let k = i + 1;
    while (k < args.length && args[k] !== '--') {
      const arg = args[k]!;
      const eq = arg.indexOf('=');
      const opt = eq > 0 ? arg.slice(0, eq) : arg;
      if (!TAP_OPTIONS.includes(opt)) break;
      const value = eq > 0 ? arg.slice(eq + 1) : args[k + 1];
      if (value === undefined) break;
      found[opt] = value;
      k += eq > 0 ? 1 : 2;
    }
    if (args[k] !== '--' || k + 1 >= args.length) continue;
    const line: WrappedLine = { command: args[k + 1]!, args: args.slice(k + 2) };
    if (found['--name'] !== undefined) line.name = found['--name'];
    if (found['--inspector'] !== undefined) line.inspector = found['--inspector'];
    return line;
  }
  return undefined;
}

/** The wrapped command line for one server. */
function wrapLine(
  name: string,
  line: { command: string; args: readonly string[] },
  { launcher, inspector }: WrapOptions,
): { command: string; args: string[] } {
  return {
    command: launcher.command,
    args: [
      ...launcher.args,
      'tap',
      ...(inspector ? ['--inspector', inspector] : []),
      '--name',
      name,
      '--',
      line.command,
      ...line.args,
    ],
  };
}

/** The file's own indentation and line ends, so an edited entry reads like its neighbours. */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent?.length ?? 2, eol };
}

/**
 * Set one value in place. Where the value (or, for a new one, its entry) is written on one line, the new value stays on
 * one line, spaced as people write it; otherwise it is laid out in the file's own indentation.
 */
function setValue(text: string, path: JSONPath, value: string | string[]): string {
  const tree = parseTree(text, [], PARSE_OPTIONS);
  const span = tree && (findNodeAtLocation(tree, path) ?? findNodeAtLocation(tree, path.slice(0, -1)));
  const oneLine = span !== undefined && !text.slice(span.offset, span.offset + span.length).includes('\n');
  if (!oneLine) return applyEdits(text, modify(text, path, value, { formattingOptions: formattingOf(text) }));
  const compact = JSON.stringify(value);
  const spaced = Array.isArray(value) ? `[${value.map((v) => JSON.stringify(v)).join(', ')}]` : compact;
  const edits = modify(text, path, value, {}).map((e) => ({
    ...e,
    // a function, so a `$` in a value is never read as a replacement pattern
    content: e.content.replace(compact, () => spaced).replace(/^,(?=")/, ', '),
  }));
  return applyEdits(text, edits);
}

function setLine(text: string, path: [ConfigKey, string], line: { command: string; args: string[] }): string {
  return setValue(setValue(text, [...path, 'command'], line.command), [...path, 'args'], line.args);
}

/** The edit must leave every server as intended and parse cleanly; anything else is a bug, and nothing is written. */
function verify(
  text: string,
  key: ConfigKey,
  expected: Map<string, { command: string; args: string[] }>,
): string | undefined {
  const read = readServers(text);
  if (!read.ok || read.key !== key) return 'the edited file no longer reads as the same config';
  for (const [name, line] of expected) {
    const got = stdioLine(read.servers[name]);
    if ('reason' in got || got.command !== line.command || JSON.stringify(got.args) !== JSON.stringify(line.args))
      return `the edited entry "${name}" does not read back as written`;
  }
  return undefined;
}

export function wrapText(text: string, options: WrapOptions): EditResult {
  const read = readServers(text);
  if (!read.ok) return read;
  const names = Object.keys(read.servers);
  const only = options.only?.length ? options.only : undefined;
  const unknown = only?.filter((n) => !Object.hasOwn(read.servers, n)) ?? [];
  if (unknown.length)
    return {
      ok: false,
      problem: `no server named ${unknown.map((n) => `"${n}"`).join(', ')} in "${read.key}"; the servers there are ${names.length ? names.map((n) => `"${n}"`).join(', ') : 'none'}`,
    };
  let out = text;
  const outcomes: ServerOutcome[] = [];
  const expected = new Map<string, { command: string; args: string[] }>();
  for (const name of only ?? names) {
    const line = stdioLine(read.servers[name]);
    if ('reason' in line) {
      outcomes.push({ name, status: 'skipped', reason: line.reason });
      continue;
    }
    if (unwrapLine(line.command, line.args, options.launcher)) {
      const { launcher } = options;
      const same = line.command === launcher.command && launcher.args.every((a, k) => line.args[k] === a);
      outcomes.push({
        name,
        status: 'already-wrapped',
        line: [line.command, ...line.args],
        byAnotherInstall: !same || line.args[launcher.args.length] !== 'tap',
      });
      continue;
    }
    const wrapped = wrapLine(name, line, options);
    out = setLine(out, [read.key, name], wrapped);
    expected.set(name, wrapped);
    outcomes.push({
      name,
      status: 'wrapped',
      before: [line.command, ...line.args],
      after: [wrapped.command, ...wrapped.args],
    });
  }
  const bad = verify(out, read.key, expected);
  if (bad) return { ok: false, problem: `${bad}; the file is left as it was` };
  return { ok: true, text: out, key: read.key, outcomes };
}

/** Every wrapped entry back to its original command line, in place (the other fields, edits included, stay). */
export function unwrapText(text: string, launcher?: TapLauncher): EditResult {
  const read = readServers(text);
  if (!read.ok) return read;
  let out = text;
  const outcomes: ServerOutcome[] = [];
  const expected = new Map<string, { command: string; args: string[] }>();
  for (const [name, entry] of Object.entries(read.servers)) {
    const line = stdioLine(entry);
    if ('reason' in line) continue;
    const inner = unwrapLine(line.command, line.args, launcher);
    if (!inner) continue;
    const original = { command: inner.command, args: inner.args };
    out = setLine(out, [read.key, name], original);
    expected.set(name, original);
    outcomes.push({
      name,
      status: 'unwrapped',
      before: [line.command, ...line.args],
      after: [original.command, ...original.args],
    });
  }
  const bad = verify(out, read.key, expected);
  if (bad) return { ok: false, problem: `${bad}; the file is left as it was` };
  return { ok: true, text: out, key: read.key, outcomes };
}

/** Why the text is not a config wrap can edit (a parse error, a shape not known), or undefined when it is one. */
export function configProblem(text: string): string | undefined {
  const read = readServers(text);
  return read.ok ? undefined : read.problem;
}

/** Whether any entry of the text is wrapped (false for a text that does not read as a config). */
export function hasWrappedEntry(text: string, launcher?: TapLauncher): boolean {
  const read = readServers(text);
  if (!read.ok) return false;
  return Object.values(read.servers).some((entry) => {
    const line = stdioLine(entry);
    return !('reason' in line) && unwrapLine(line.command, line.args, launcher) !== undefined;
  });
}

/**
 * A command line for the terminal: each word quoted when it needs it, and a value that names a secret (`--api-key X`,
 * `--token=X`, by the same names the session's redaction uses) shown as [redacted]: a config's args can hold keys.
 */
export function commandLineText(words: readonly string[]): string {
  const shown = words.map((w, i) => {
    const eq = /^--?([^=]+)=/.exec(w);
    if (eq && isSecretHeader(eq[1]!)) return `${w.slice(0, eq[0].length)}${REDACTED}`;
    const prev = words[i - 1];
    const flag = prev !== undefined ? /^--?([^=]+)$/.exec(prev) : null;
    if (flag && isSecretHeader(flag[1]!) && !w.startsWith('-')) return REDACTED;
    return w;
  });
  return shown.map((w) => (w === '' || /[\s"'\\$`]/.test(w) ? JSON.stringify(w) : w)).join(' ');
}
