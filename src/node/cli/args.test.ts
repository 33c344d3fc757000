import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.ts';

describe('parseArgs', () => {
  it('reads the serve options when no subcommand is given', () => {
    expect(parseArgs(['--server', 'http://127.0.0.1:9/mcp', '--port=0', '--mock', '--stdio', 'node s.js'])).toEqual({
      kind: 'serve',
      server: 'http://127.0.0.1:9/mcp',
      port: 0,
      mock: true,
      open: false,
      stdio: ['node s.js'],
      proxy: [],
    });
    expect(parseArgs([])).toMatchObject({ kind: 'serve', port: 6280, stdio: [], proxy: [] });
  });

  it('collects every --proxy target beside --server, --mock and --stdio', () => {
    const cmd = parseArgs([
      '--proxy',
      'http://127.0.0.1:9/mcp',
      '--mock',
      '--proxy=https://a.example/mcp',
      '--stdio',
      'x',
    ]);
    expect(cmd).toMatchObject({ kind: 'serve', mock: true, stdio: ['x'] });
    expect(cmd).toHaveProperty('proxy', ['http://127.0.0.1:9/mcp', 'https://a.example/mcp']);
    expect(() => parseArgs(['--proxy', 'file:///etc/passwd'])).toThrow('--proxy must be an http: or https: URL');
    expect(() => parseArgs(['--proxy'])).toThrow('--proxy needs a value');
  });

  it('reads replay with its file, junit path and ignore list when given', () => {
    expect(
      parseArgs(['replay', 's.json', '--server', 'http://h/mcp', '--junit', 'o.xml', '--ignore', 'a.b,c', '--json']),
    ).toEqual({
      kind: 'replay',
      file: 's.json',
      server: 'http://h/mcp',
      junit: 'o.xml',
      json: true,
      ignore: ['a.b', 'c'],
    });
  });

  it('collects several --server URLs for a fleet audit', () => {
    expect(parseArgs(['audit', '--server', 'http://a/mcp', '--server', 'http://b/mcp', '--only', 'x'])).toEqual({
      kind: 'audit',
      servers: ['http://a/mcp', 'http://b/mcp'],
      json: false,
      only: ['x'],
      headers: {},
      unusable: {},
      reports: {},
      failOn: 'fail',
    });
  });

  it('takes the report files and the verdict that fails an audit', () => {
    const cmd = parseArgs([
      'audit',
      '--server',
      'http://a/mcp',
      '--junit',
      'audit.xml',
      '--sarif=audit.sarif',
      '--html',
      'audit.html',
      '--fail-on',
      'warn',
    ]);
    expect(cmd.kind === 'audit' && { reports: cmd.reports, failOn: cmd.failOn }).toEqual({
      reports: { junit: 'audit.xml', sarif: 'audit.sarif', html: 'audit.html' },
      failOn: 'warn',
    });
    expect(() => parseArgs(['audit', '--server', 'http://a/mcp', '--fail-on', 'skip'])).toThrow(
      '--fail-on must be fail or warn, got "skip"',
    );
  });

  it('takes the identity, second identity, expiry wait and other service of an audit', () => {
    expect(
      parseArgs([
        'audit',
        '--server',
        'http://a/mcp',
        '--header',
        'Authorization: Bearer A',
        '--header=X-Tenant: t1',
        '--second-identity-header',
        'Authorization: Bearer B',
        '--expiry-wait',
        '601',
        '--other-service',
        'http://b/mcp',
      ]),
    ).toEqual({
      kind: 'audit',
      servers: ['http://a/mcp'],
      json: false,
      only: [],
      headers: { Authorization: 'Bearer A', 'X-Tenant': 't1' },
      secondIdentity: { Authorization: 'Bearer B' },
      expiryWait: 601,
      otherService: 'http://b/mcp',
      unusable: {},
      reports: {},
      failOn: 'fail',
    });
  });

  it('names a bad second identity, wait or other service as the reason its check is skipped, not as a usage error', () => {
    const cmd = parseArgs([
      'audit',
      '--server',
      'http://a/mcp',
      '--second-identity-header',
      'Bearer B',
      '--expiry-wait',
      'soon',
      '--other-service',
      'ftp://b',
    ]);
    expect(cmd.kind === 'audit' && cmd.unusable).toEqual({
      principal: '--second-identity-header: "Bearer B" is not a header (write it as "Name: value")',
      expiry: '--expiry-wait must be a number of seconds above 0 (at most 86400), got "soon"',
      audience: '--other-service must be an http: or https: URL, got "ftp://b"',
    });
    // the identity of every leg is not optional once given: a bad one stops the command
    expect(() => parseArgs(['audit', '--server', 'http://a/mcp', '--header', 'nope'])).toThrow(
      '--header: "nope" is not a header',
    );
  });

  it('reads replay against a stdio server, its command split as a shell would, without one', () => {
    expect(parseArgs(['replay', 's.json', '--stdio', 'python "my server.py" --port 1'])).toEqual({
      kind: 'replay',
      file: 's.json',
      server: 'stdio: python my server.py --port 1',
      stdio: ['python', 'my server.py', '--port', '1'],
      json: false,
      ignore: [],
    });
  });

  it('names the problem when an option is unknown, missing its value or not a URL', () => {
    expect(() => parseArgs(['--bogus'])).toThrow(new UsageError('unknown option --bogus'));
    expect(() => parseArgs(['--port'])).toThrow('--port needs a value');
    expect(() => parseArgs(['--port', '70000'])).toThrow('--port must be 0-65535, got 70000');
    expect(() => parseArgs(['replay', 'f.json'])).toThrow('replay needs one --server URL, or one --stdio');
    expect(() => parseArgs(['replay', 'f.json', '--server', 'http://h/mcp', '--stdio', 'python s.py'])).toThrow(
      'replay needs one --server URL, or one --stdio',
    );
    expect(() => parseArgs(['audit', '--server', 'file:///etc/passwd'])).toThrow('must be an http: or https: URL');
    expect(() => parseArgs(['serve-me'])).toThrow('unknown command "serve-me"');
  });

  it('reads wrap and unwrap with a config file or a host, the servers named and the inspector URL as typed', () => {
    expect(
      parseArgs(['wrap', '--config', 'c.json', '--server', 'a', '--server=b', '--inspector', 'http://127.0.0.1:6280']),
    ).toEqual({
      kind: 'wrap',
      target: { config: 'c.json' },
      servers: ['a', 'b'],
      inspector: 'http://127.0.0.1:6280',
    });
    expect(parseArgs(['wrap', '--host', 'vscode'])).toEqual({ kind: 'wrap', target: { host: 'vscode' }, servers: [] });
    expect(parseArgs(['unwrap', '--config', 'c.json'])).toEqual({ kind: 'unwrap', target: { config: 'c.json' } });
    expect(parseArgs(['unwrap', '--host', 'claude-desktop'])).toEqual({
      kind: 'unwrap',
      target: { host: 'claude-desktop' },
    });
  });

  it('refuses a wrap with no file, two targets, an unknown host or a bad inspector URL, naming what to give', () => {
    expect(() => parseArgs(['wrap'])).toThrow(
      'wrap needs --config FILE (or --host claude-desktop|vscode|cursor|claude-code)',
    );
    expect(() => parseArgs(['unwrap', '--config', 'a', '--host', 'vscode'])).toThrow(
      'unwrap takes --config FILE or --host NAME, not both',
    );
    expect(() => parseArgs(['wrap', '--host', 'zed'])).toThrow(
      '--host must be one of claude-desktop, vscode, cursor, claude-code, got "zed"',
    );
    expect(() => parseArgs(['wrap', '--config', 'c', '--inspector', 'localhost:6280'])).toThrow(
      '--inspector must be an http: or https: URL',
    );
    expect(() => parseArgs(['unwrap', '--config', 'c', '--server', 'a'])).toThrow('unknown option --server');
  });
});

describe('parseArgs: tap', () => {
  it("takes everything after -- as the server's command, its own options included", () => {
    expect(parseArgs(['tap', '--name', 'bank', '--', 'python', 'server.py', '--help', '--port', '1'])).toEqual({
      kind: 'tap',
      inspector: 'http://127.0.0.1:6280/',
      name: 'bank',
      command: 'python',
      args: ['server.py', '--help', '--port', '1'],
    });
    expect(parseArgs(['tap', '--inspector=http://localhost:4185', '--', 'node', 's.js'])).toMatchObject({
      inspector: 'http://localhost:4185/',
      command: 'node',
    });
  });

  it('refuses an inspector that is not on loopback, and a tap with no server to launch', () => {
    expect(() => parseArgs(['tap', '--inspector', 'http://192.0.2.1:6280', '--', 'node'])).toThrow(
      '--inspector must be a loopback address',
    );
    expect(() => parseArgs(['tap', '--name', 'x'])).toThrow('tap needs the server to launch');
    expect(() => parseArgs(['tap', 'python', 'server.py'])).toThrow("put the server's command after --");
  });
});
