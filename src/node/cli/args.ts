/**
 * Command-line parsing for `mrtr-inspector`, pure: argv in, a command or a usage error out. No package dependency, so the
 * packed command starts fast and its errors name the exact option.
 */
import { parseHeaderLines } from '../../protocol/header-lines.ts';

import { HOSTS, type Host } from './host-config-paths.ts';
import { splitCommand } from '../stdio/split-command.ts';

export const USAGE = `Usage:
  mrtr-inspector [--server URL] [--port N] [--mock] [--open] [--stdio "<command> <args>"]... [--proxy URL]...
      Serve the inspector (built app + relay) on 127.0.0.1 and print its URL.
      --server URL   connect the page to this MCP server on load
      --port N       app port (default 6280; 0 picks a free one)
      --mock         also start the bundled mock MCP server (on a free loopback port)
      --open         open the page in the default browser
      --stdio CMD    start a local stdio MCP server (repeatable); the page reaches it through the relay
      --proxy URL    watch a real client: serve a loopback URL that forwards to this server (repeatable); point
                     any MCP client at the printed proxy URL and the page shows its traffic live

  mrtr-inspector tap [--inspector URL] [--name NAME] -- <command> [args...]
      Run a stdio MCP server for a desktop host and let the inspector watch it: put this in the host's config in
      place of the server's command. Messages pass unchanged; with no inspector running, nothing is watched.
      --inspector URL  the inspector to report to (default http://127.0.0.1:6280; loopback only)
      --name NAME      the name the page lists the server under

  mrtr-inspector replay <session.json|file.har> (--server URL | --stdio "<command> <args>") [--junit out.xml]
                        [--json] [--ignore path,...]
      Re-run each recorded conversation against URL (or the stdio server started from the command, as a tapped
      host's was) with the recorded answers; exit 1 on any divergence.

  mrtr-inspector audit --server URL [--server URL ...] [--json] [--only name,...] [--header "Name: value"]...
                       [--second-identity-header "Name: value"]... [--expiry-wait SECONDS] [--other-service URL]
                       [--junit FILE] [--sarif FILE] [--html FILE] [--fail-on fail|warn]
      Score how the server handles requestState for every tool, prompt and template that asks for input.
      Several --server URLs are treated as instances of one fleet (state is tried both ways between them).
      Exit 0 when nothing fails (and for a 2025-11-25 server, which has no requestState to score), 1 on a
      failure (or a warning, with --fail-on warn), 2 when nothing was audited.
      --header H                  sent on every leg (e.g. "Authorization: Bearer <token>"; repeatable)
      --second-identity-header H  another user of the same client: state minted under --header is sent as it
      --expiry-wait SECONDS       for a token that shows no exp: wait this long after minting, then replay it
      --other-service URL         a different service believed to share the key: state minted here is sent there
      --junit FILE                also write JUnit XML: one test case per check per target
      --sarif FILE                also write SARIF 2.1.0: each failure and warning with its spec text and fix
      --html FILE                 also write one self-contained page of the scorecards
      --fail-on fail|warn         the least verdict that makes the exit status 1 (default fail)

  mrtr-inspector wrap (--config FILE | --host claude-desktop|vscode|cursor|claude-code) [--server NAME]...
                      [--inspector URL]
      Put a host's stdio servers behind \`mrtr-inspector tap\`: each entry's command and args move after "--" and the
      host starts the tap, which starts the server. HTTP entries are left alone. A backup FILE.mrtr-backup is kept.
      --config FILE    the host's config (claude_desktop_config.json, .vscode/mcp.json, .cursor/mcp.json, .mcp.json)
      --host NAME      find that host's usual config instead (the project's file first, then the user's)
      --server NAME    only this server (repeatable); default: every stdio server
      --inspector URL  the inspector the tap reports to

  mrtr-inspector unwrap (--config FILE | --host NAME)
      Undo wrap: restore the backup byte for byte if the file is as wrap left it, otherwise un-wrap each entry in place.
`;

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'serve';
      server?: string;
      port: number;
      mock: boolean;
      open: boolean;
      stdio: string[];
      proxy: string[];
    }
  | { kind: 'tap'; inspector: string; name?: string; command: string; args: string[] }
  | {
      kind: 'replay';
      file: string;
      /** the server's URL, or `stdio: <command>` with `stdio` */
      server: string;
      /** `--stdio "<command> <args>"`: replay against that stdio server, started here (no shell) */
      stdio?: string[];
      junit?: string;
      json: boolean;
      ignore: string[];
    }
  | {
      kind: 'audit';
      servers: string[];
      json: boolean;
      only: string[];
      /** `--header` values, by name */
      headers: Record<string, string>;
      secondIdentity?: Record<string, string>;
      expiryWait?: number;
      otherService?: string;
      /** options given with a value that cannot be used: the check they feed is skipped with this reason */
      unusable: Partial<Record<'principal' | 'expiry' | 'audience', string>>;
      /** report files to write besides the output */
      reports: { junit?: string; sarif?: string; html?: string };
      /** the least verdict that makes the exit status 1 */
      failOn: 'fail' | 'warn';
    }
  | { kind: 'wrap'; target: ConfigTarget; servers: string[]; inspector?: string }
  | { kind: 'unwrap'; target: ConfigTarget };

/** A config file named on the command line, or a host whose usual config file is looked for. */
export type ConfigTarget = { config: string } | { host: Host };

export class UsageError extends Error {}

const DEFAULT_PORT = 6280;

interface Spec {
  values: readonly string[];
  flags: readonly string[];
}

const SPECS: Record<'serve' | 'replay' | 'audit' | 'wrap' | 'unwrap', Spec> = {
  serve: { values: ['--server', '--port', '--stdio', '--proxy'], flags: ['--mock', '--open'] },
  replay: { values: ['--server', '--stdio', '--junit', '--ignore'], flags: ['--json'] },
  audit: {
    values: [
      '--server',
      '--only',
      '--header',
      '--second-identity-header',
      '--expiry-wait',
      '--other-service',
      '--junit',
      '--sarif',
      '--html',
      '--fail-on',
    ],
    flags: ['--json'],
  },
  wrap: { values: ['--config', '--host', '--server', '--inspector'], flags: [] },
  unwrap: { values: ['--config', '--host'], flags: [] },
};

function parseWith(args: readonly string[], spec: Spec) {
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (spec.flags.includes(name)) {
      if (eq > 0) throw new UsageError(`${name} takes no value`);
      flags.add(name);
    } else if (spec.values.includes(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined || value === '') throw new UsageError(`${name} needs a value`);
      values.set(name, [...(values.get(name) ?? []), value]);
    } else {
      throw new UsageError(`unknown option ${name}`);
    }
  }
  return { values, flags, positionals };
}

function httpUrl(raw: string, option: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${option} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${option} must be an http: or https: URL, got "${raw}"`);
  }
  return url.href;
}

function list(values: string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `"Name: value"` lines into a header map; the first line that is not one is returned as the problem. */
function parseHeaders(lines: readonly string[]): { headers: Record<string, string> } | { problem: string } {
  const read = parseHeaderLines(lines);
  if (!read.ok) return { problem: `"${lines[read.line - 1] ?? ''}" is not a header (write it as "Name: value")` };
  return { headers: Object.fromEntries(read.headers) };
}

function auditCommand(values: Map<string, string[]>, json: boolean): Command {
  const servers = (values.get('--server') ?? []).map((s) => httpUrl(s, '--server'));
  if (!servers.length) throw new UsageError('audit needs --server URL');
  const first = parseHeaders(values.get('--header') ?? []);
  if ('problem' in first) throw new UsageError(`--header: ${first.problem}`);
  const cmd: Extract<Command, { kind: 'audit' }> = {
    kind: 'audit',
    servers,
    json,
    only: list(values.get('--only')),
    headers: first.headers,
    unusable: {},
    reports: {},
    failOn: 'fail',
  };
  for (const kind of ['junit', 'sarif', 'html'] as const) {
    const file = values.get(`--${kind}`)?.at(-1);
    if (file !== undefined) cmd.reports[kind] = file;
  }
  const failOn = values.get('--fail-on')?.at(-1);
  if (failOn !== undefined) {
    if (failOn !== 'fail' && failOn !== 'warn') throw new UsageError(`--fail-on must be fail or warn, got "${failOn}"`);
    cmd.failOn = failOn;
  }
  const second = values.get('--second-identity-header');
  if (second) {
    const parsed = parseHeaders(second);
    if ('problem' in parsed) cmd.unusable.principal = `--second-identity-header: ${parsed.problem}`;
    else cmd.secondIdentity = parsed.headers;
  }
  const wait = values.get('--expiry-wait')?.at(-1);
  if (wait !== undefined) {
    const seconds = Number(wait);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400)
      cmd.unusable.expiry = `--expiry-wait must be a number of seconds above 0 (at most 86400), got "${wait}"`;
    else cmd.expiryWait = seconds;
  }
  const other = values.get('--other-service')?.at(-1);
  if (other !== undefined) {
    try {
      cmd.otherService = httpUrl(other, '--other-service');
    } catch (err) {
      cmd.unusable.audience = err instanceof Error ? err.message : String(err);
    }
  }
  return cmd;
}

function configTarget(values: Map<string, string[]>, command: string): ConfigTarget {
  const config = values.get('--config')?.at(-1);
  const host = values.get('--host')?.at(-1);
  if (config !== undefined && host !== undefined)
    throw new UsageError(`${command} takes --config FILE or --host NAME, not both`);
  if (config !== undefined) return { config };
  if (host === undefined) throw new UsageError(`${command} needs --config FILE (or --host ${HOSTS.join('|')})`);
  if (!(HOSTS as readonly string[]).includes(host))
    throw new UsageError(`--host must be one of ${HOSTS.join(', ')}, got "${host}"`);
  return { host: host as Host };
}

/** The inspector's default address: where `mrtr-inspector` serves with no --port. */
const DEFAULT_INSPECTOR = `http://127.0.0.1:${DEFAULT_PORT}`;

/** `tap [options] -- <command> [args...]`: everything after `--` is the server's, untouched. */
function tapCommand(rest: readonly string[]): Command {
  const dash = rest.indexOf('--');
  const own = dash === -1 ? rest : rest.slice(0, dash);
  const server = dash === -1 ? [] : rest.slice(dash + 1);
  const { values, positionals } = parseWith(own, { values: ['--inspector', '--name'], flags: [] });
  if (positionals.length)
    throw new UsageError(`tap: put the server's command after --, got "${positionals[0]}" before it`);
  if (!server.length) throw new UsageError('tap needs the server to launch: tap -- <command> [args...]');
  const inspector = httpUrl(values.get('--inspector')?.at(-1) ?? DEFAULT_INSPECTOR, '--inspector');
  const host = new URL(inspector).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host))
    throw new UsageError(`--inspector must be a loopback address (127.0.0.1, localhost or [::1]), got "${host}"`);
  const cmd: Command = { kind: 'tap', inspector, command: server[0]!, args: server.slice(1) };
  const name = values.get('--name')?.at(-1);
  if (name) cmd.name = name;
  return cmd;
}

export function parseArgs(argv: readonly string[]): Command {
  // the tap's server command may have options of its own (even --help): none of them is the inspector's
  if (argv[0] === 'tap') return tapCommand(argv.slice(1));
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  if (argv.includes('--version')) return { kind: 'version' };
  const [first, ...rest] = argv;
  if (first === 'replay') {
    const { values, flags, positionals } = parseWith(rest, SPECS.replay);
    if (positionals.length !== 1) throw new UsageError('replay needs exactly one file (session JSON or HAR)');
    const server = values.get('--server');
    const stdio = values.get('--stdio');
    const argv = stdio?.length === 1 ? splitCommand(stdio[0]!) : undefined;
    if ((server?.length ?? 0) + (stdio?.length ?? 0) !== 1 || argv?.length === 0)
      throw new UsageError('replay needs one --server URL, or one --stdio "<command> <args>"');
    const cmd: Command = {
      kind: 'replay',
      file: positionals[0]!,
      server: argv ? `stdio: ${argv.join(' ')}` : httpUrl(server![0]!, '--server'),
      ...(argv ? { stdio: argv } : {}),
      json: flags.has('--json'),
      ignore: list(values.get('--ignore')),
    };
    const junit = values.get('--junit');
    if (junit) cmd.junit = junit[junit.length - 1]!;
    return cmd;
  }
  if (first === 'audit') {
    const { values, flags, positionals } = parseWith(rest, SPECS.audit);
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    return auditCommand(values, flags.has('--json'));
  }
  if (first === 'wrap' || first === 'unwrap') {
    const { values, positionals } = parseWith(rest, SPECS[first]);
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const target = configTarget(values, first);
    if (first === 'unwrap') return { kind: 'unwrap', target };
    const cmd: Command = { kind: 'wrap', target, servers: values.get('--server') ?? [] };
    const inspector = values.get('--inspector')?.at(-1);
    // checked, but kept as typed: it goes into the user's file
    if (inspector !== undefined && httpUrl(inspector, '--inspector')) cmd.inspector = inspector;
    return cmd;
  }
  const { values, flags, positionals } = parseWith(argv, SPECS.serve);
  if (positionals.length) throw new UsageError(`unknown command "${positionals[0]}"`);
  const portText = values.get('--port')?.at(-1) ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535, got ${portText}`);
  const cmd: Command = {
    kind: 'serve',
    port,
    mock: flags.has('--mock'),
    open: flags.has('--open'),
    stdio: values.get('--stdio') ?? [],
    proxy: (values.get('--proxy') ?? []).map((u) => httpUrl(u, '--proxy')),
  };
  const server = values.get('--server')?.at(-1);
  if (server) cmd.server = httpUrl(server, '--server');
  return cmd;
}
