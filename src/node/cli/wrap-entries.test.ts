import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { DESKTOP_CONFIG, LAUNCHER, VSCODE_CONFIG } from './wrap.fixtures.ts';
import { commandLineText, unwrapLine, unwrapText, wrapText } from './wrap-entries.ts';

function servers(text: string, key: string): Record<string, Record<string, unknown>> {
  return (parse(text) as Record<string, Record<string, Record<string, unknown>>>)[key]!;
}

describe('wrapText', () => {
  it("puts each stdio entry of a desktop host behind the tap, keeping env, cwd and the app's other settings", () => {
    const r = wrapText(DESKTOP_CONFIG, { launcher: LAUNCHER, inspector: 'http://127.0.0.1:6280' });
    if (!r.ok) throw new Error(r.problem);
    const s = servers(r.text, 'mcpServers');
    expect(s.github).toEqual({
      command: '/usr/local/bin/node',
      args: [
        '/opt/mrtr/dist-node/cli.js',
        'tap',
        '--inspector',
        'http://127.0.0.1:6280',
        '--name',
        'github',
        '--',
        'docker',
        'run',
        '-i',
        '--rm',
        '-e',
        'GITHUB_TOKEN',
        'ghcr.io/github/github-mcp-server',
      ],
      env: { GITHUB_TOKEN: 'ghp_secret' },
      cwd: '/Users/ada',
    });
    expect(s.remote).toEqual({ url: 'https://mcp.example.com/mcp' });
    expect(r.text).toContain('"preferences": { "sidebarMode": "chat" }');
    expect(r.outcomes.map((o) => [o.name, o.status])).toEqual([
      ['filesystem', 'wrapped'],
      ['github', 'wrapped'],
      ['remote', 'skipped'],
    ]);
  });

  it("edits VS Code's mcp.json in place: comments, trailing commas, inputs and ${…} values stay as written", () => {
    const r = wrapText(VSCODE_CONFIG, { launcher: LAUNCHER });
    if (!r.ok) throw new Error(r.problem);
    for (const kept of [
      '// Servers for this workspace',
      '{ "type": "promptString", "id": "api-key", "description": "API key", "password": true },\n  ],',
      '/* the files of this workspace */',
      '], // inline note',
      '"env": { "API_KEY": "${input:api-key}" },',
      '"envFile": "${workspaceFolder}/.env",\n    },',
      '"remote": { "type": "http", "url": "https://api.example.com/mcp", "headers": { "Authorization": "Bearer ${input:api-key}" } },\n  },\n}\n',
    ])
      expect(r.text).toContain(kept);
    const files = servers(r.text, 'servers').files!;
    expect(files.type).toBe('stdio');
    expect(files.args).toEqual([
      '/opt/mrtr/dist-node/cli.js',
      'tap',
      '--name',
      'files',
      '--',
      'npx',
      '-y',
      '@modelcontextprotocol/server-filesystem',
      '${workspaceFolder}',
    ]);
    const remote = r.outcomes.find((o) => o.name === 'remote');
    expect(remote).toEqual({
      name: 'remote',
      status: 'skipped',
      reason:
        'an HTTP server (type "http", url https://api.example.com/mcp): the tap carries stdio only; point the inspector\'s --proxy at it instead',
    });
  });

  it('keeps the Windows line ends and the tab indentation of the file', () => {
    const text =
      '{\r\n\t"mcpServers": {\r\n\t\t"a": {\r\n\t\t\t"command": "srv",\r\n\t\t\t"args": [\r\n\t\t\t\t"x"\r\n\t\t\t]\r\n\t\t}\r\n\t}\r\n}\r\n';
    const r = wrapText(text, { launcher: LAUNCHER });
    if (!r.ok) throw new Error(r.problem);
    expect(r.text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(r.text).toContain('\r\n\t\t\t\t"tap",\r\n');
  });

  it('keeps a list written on one line on one line, so its line comment stays beside it', () => {
    const r = wrapText(VSCODE_CONFIG, { launcher: LAUNCHER, only: ['files'] });
    if (!r.ok) throw new Error(r.problem);
    expect(r.text).toContain(
      '"args": ["/opt/mrtr/dist-node/cli.js", "tap", "--name", "files", "--", "npx", "-y", "@modelcontextprotocol/server-filesystem", "${workspaceFolder}"], // inline note\n',
    );
    const entryOnOneLine = '{ "mcpServers": { "a": { "command": "srv" } } }';
    const added = wrapText(entryOnOneLine, { launcher: LAUNCHER });
    expect(added.ok && added.text).toBe(
      '{ "mcpServers": { "a": { "command": "/usr/local/bin/node", "args": ["/opt/mrtr/dist-node/cli.js", "tap", "--name", "a", "--", "srv"] } } }',
    );
    // and an in-place unwrap of it gives the original line back
    const back = unwrapText(r.text);
    expect(back.ok && back.text).toBe(VSCODE_CONFIG);
  });

  it('leaves an entry it does not know how to carry alone, saying why', () => {
    const text = JSON.stringify({
      mcpServers: {
        sse: { type: 'sse', url: 'http://h/sse?key=k-123' },
        odd: { type: 'ws', command: 'x' },
        bad: { command: 'x', args: 'one string' },
        empty: {},
        list: [],
      },
    });
    const r = wrapText(text, { launcher: LAUNCHER });
    expect(r.ok && r.outcomes).toEqual([
      {
        name: 'sse',
        status: 'skipped',
        reason:
          'an HTTP server (type "sse", url http://h/sse?key=%5Bredacted%5D): the tap carries stdio only; point the inspector\'s --proxy at it instead',
      },
      { name: 'odd', status: 'skipped', reason: 'its type is "ws", not "stdio"' },
      { name: 'bad', status: 'skipped', reason: '"args" is not a list of strings' },
      { name: 'empty', status: 'skipped', reason: 'no "command": not a stdio server entry' },
      { name: 'list', status: 'skipped', reason: 'the entry is a list, not an object' },
    ]);
    expect(r.ok && r.text).toBe(text);
  });

  it('names the line and column of a parse error, and a shape it does not know', () => {
    const broken = '{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}\n';
    expect(wrapText(broken, { launcher: LAUNCHER })).toEqual({
      ok: false,
      problem:
        'it does not parse as JSON: CommaExpected at line 4, column 5; fix the file (or restore it) and run again',
    });
    expect(wrapText('{"mcp": {"servers": {}}}', { launcher: LAUNCHER })).toEqual({
      ok: false,
      problem:
        'a shape not known (expected a top-level "mcpServers" object (Claude Desktop, Cursor, Claude Code) or "servers" object (VS Code mcp.json)); its top-level keys are "mcp" ("mcp.servers" is the old settings.json place: VS Code reads .vscode/mcp.json now); point --config at the file where the host lists its MCP servers',
    });
    expect(wrapText('[]', { launcher: LAUNCHER })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('its top level is a list'),
    });
    expect(wrapText('{"servers": []}', { launcher: LAUNCHER })).toEqual({
      ok: false,
      problem: 'its "servers" is a list, not an object of servers',
    });
  });

  it('wraps only the --server names given, and refuses an unknown one naming those that exist', () => {
    const r = wrapText(DESKTOP_CONFIG, { launcher: LAUNCHER, only: ['github'] });
    expect(r.ok && r.outcomes.map((o) => o.name)).toEqual(['github']);
    expect(r.ok && servers(r.text, 'mcpServers').filesystem!.command).toBe('npx');
    expect(wrapText(DESKTOP_CONFIG, { launcher: LAUNCHER, only: ['github', 'gitlab'] })).toEqual({
      ok: false,
      problem: 'no server named "gitlab" in "mcpServers"; the servers there are "filesystem", "github", "remote"',
    });
  });
});

describe('unwrapLine', () => {
  it('finds the original command line after the tap, whoever started the tap', () => {
    const original = { command: 'srv', args: ['--x', 'tap', '--', 'y'] };
    const tail = ['tap', '--inspector=http://i', '--name', 'a', '--', 'srv', '--x', 'tap', '--', 'y'];
    for (const [command, args] of [
      ['mrtr-inspector', tail],
      ['C:\\Users\\ada\\AppData\\Roaming\\npm\\mrtr-inspector.cmd', tail],
      ['npx', ['-y', 'mrtr-inspector@0.1.0', ...tail]],
      ['/elsewhere/node', ['/other/install/dist-node/cli.js', ...tail]],
    ] as const)
      expect(unwrapLine(command, args)).toEqual({ ...original, name: 'a', inspector: 'http://i' });
    // a launcher with no telling name is recognised when it is this one
    expect(unwrapLine('/n', ['/stub.mjs', 'tap', '--name', 'a', '--', 'srv'])).toBeUndefined();
    expect(
      unwrapLine('/n', ['/stub.mjs', 'tap', '--name', 'a', '--', 'srv'], { command: '/n', args: ['/stub.mjs'] }),
    ).toEqual({
      command: 'srv',
      args: [],
      name: 'a',
    });
  });

  it('does not take an ordinary server that happens to say tap for a wrapped one', () => {
    expect(unwrapLine('tap', ['--name', 'a', '--', 'x'])).toBeUndefined();
    expect(unwrapLine('docker', ['run', 'tap', '--', 'x'])).toBeUndefined();
    expect(unwrapLine('mrtr-inspector', ['tap', '--port', '1', '--', 'x'])).toBeUndefined();
    expect(unwrapLine('mrtr-inspector', ['tap', '--name', 'a', '--'])).toBeUndefined();
  });
});

describe('unwrapText', () => {
  it('puts each wrapped entry back and leaves every other entry and field as it is', () => {
    const wrapped = wrapText(VSCODE_CONFIG, { launcher: LAUNCHER, only: ['files'] });
    if (!wrapped.ok) throw new Error(wrapped.problem);
    const edited = wrapped.text.replace('"uv"', '"uvx"');
    const r = unwrapText(edited);
    if (!r.ok) throw new Error(r.problem);
    expect(r.outcomes.map((o) => [o.name, o.status])).toEqual([['files', 'unwrapped']]);
    const s = servers(r.text, 'servers');
    expect(s.files).toMatchObject({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '${workspaceFolder}'],
    });
    expect(s.py!.command).toBe('uvx');
    expect(r.text).toContain('// Servers for this workspace');
  });
});

describe('commandLineText', () => {
  it('quotes words that need it and hides values of secret-named options', () => {
    expect(commandLineText(['srv', '--api-key', 'sk-1', '--token=abc', 'two words', '', '--name', 'a'])).toBe(
      'srv --api-key [redacted] --token=[redacted] "two words" "" --name a',
    );
  });
});
