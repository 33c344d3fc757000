/**
 * Command-line parsing for `mrtr-inspector`, pure: argv in, a command or a usage error out. No dependency, so the
 * packed command starts fast and its errors name the exact option.
 */

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

  mrtr-inspector replay <session.json|file.har> --server URL [--junit out.xml] [--json] [--ignore path,...]
      Re-run each recorded conversation against URL with the recorded answers; exit 1 on any divergence.

  mrtr-inspector audit --server URL [--server URL ...] [--json] [--only name,...]
      Score how the server handles requestState for every tool, prompt and template that asks for input.
      Several --server URLs are treated as instances of one fleet.
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
  | { kind: 'replay'; file: string; server: string; junit?: string; json: boolean; ignore: string[] }
  | { kind: 'audit'; servers: string[]; json: boolean; only: string[] };

export class UsageError extends Error {}

interface Spec {
  values: readonly string[];
  flags: readonly string[];
}

const SPECS: Record<'serve' | 'replay' | 'audit', Spec> = {
  serve: { values: ['--server', '--port', '--stdio', '--proxy'], flags: ['--mock', '--open'] },
  replay: { values: ['--server', '--junit', '--ignore'], flags: ['--json'] },
  audit: { values: ['--server', '--only'], flags: ['--json'] },
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

export function parseArgs(argv: readonly string[]): Command {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  if (argv.includes('--version')) return { kind: 'version' };
  const [first, ...rest] = argv;
  if (first === 'replay') {
    const { values, flags, positionals } = parseWith(rest, SPECS.replay);
    if (positionals.length !== 1) throw new UsageError('replay needs exactly one file (session JSON or HAR)');
    const server = values.get('--server');
    if (!server || server.length !== 1) throw new UsageError('replay needs one --server URL');
    const cmd: Command = {
      kind: 'replay',
      file: positionals[0]!,
      server: httpUrl(server[0]!, '--server'),
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
    const servers = (values.get('--server') ?? []).map((s) => httpUrl(s, '--server'));
    if (!servers.length) throw new UsageError('audit needs --server URL');
    return { kind: 'audit', servers, json: flags.has('--json'), only: list(values.get('--only')) };
  }
  const { values, flags, positionals } = parseWith(argv, SPECS.serve);
  if (positionals.length) throw new UsageError(`unknown command "${positionals[0]}"`);
  const portText = values.get('--port')?.at(-1) ?? '6280';
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
