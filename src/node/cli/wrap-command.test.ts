import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigTarget } from './args.ts';
import { unwrapCommand, wrapCommand, type WrapIo } from './wrap-command.ts';
import { DESKTOP_CONFIG, LAUNCHER, VSCODE_CONFIG } from './wrap.fixtures.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mrtr-wrap-'));
  dirs.push(d);
  return d;
}

function setup(text: string, name = 'claude_desktop_config.json') {
  const dir = tempDir();
  const file = join(dir, name);
  writeFileSync(file, text, { mode: 0o600 });
  const out: string[] = [];
  const err: string[] = [];
  const io: WrapIo = {
    log: (l) => out.push(l),
    error: (l) => err.push(l),
    env: { platform: 'linux', home: dir, env: {}, cwd: dir },
    launcher: () => LAUNCHER,
  };
  const target: ConfigTarget = { config: file };
  const read = () => readFileSync(file, 'utf8');
  const run = {
    wrap: (extra: { servers?: string[]; inspector?: string } = {}) =>
      wrapCommand(
        {
          kind: 'wrap',
          target,
          servers: extra.servers ?? [],
          ...(extra.inspector ? { inspector: extra.inspector } : {}),
        },
        io,
      ),
    unwrap: () => unwrapCommand({ kind: 'unwrap', target }, io),
  };
  const printed = () => {
    const text = out.join('\n');
    out.length = 0;
    return text;
  };
  return { dir, file, io, read, run, printed, err };
}

function entry(text: string, key: string, name: string): Record<string, unknown> {
  return (parse(text) as Record<string, Record<string, Record<string, unknown>>>)[key]![name]!;
}

describe('wrap and unwrap a desktop host config', () => {
  it('wraps, then changes nothing when wrapped again, then unwrap restores the file byte for byte', async () => {
    const t = setup(DESKTOP_CONFIG);
    expect(await t.run.wrap({ inspector: 'http://127.0.0.1:6280' })).toBe(0);
    const once = t.read();
    expect(entry(once, 'mcpServers', 'filesystem')).toEqual({
      command: LAUNCHER.command,
      args: [
        ...LAUNCHER.args,
        'tap',
        '--inspector',
        'http://127.0.0.1:6280',
        '--name',
        'filesystem',
        '--',
        'npx',
        '-y',
        '@modelcontextprotocol/server-filesystem',
        '/Users/ada/Desktop',
      ],
    });
    const report = t.printed();
    expect(report).toContain(`  wrapped  filesystem
      before: npx -y @modelcontextprotocol/server-filesystem /Users/ada/Desktop
      after:  /usr/local/bin/node /opt/mrtr/dist-node/cli.js tap --inspector http://127.0.0.1:6280 --name filesystem -- npx -y @modelcontextprotocol/server-filesystem /Users/ada/Desktop`);
    expect(report).toContain('  skipped  remote: an HTTP server (url https://mcp.example.com/mcp)');
    expect(report).toContain(`Backup: ${t.file}.mrtr-backup (the file as it was before this wrap).`);
    expect(report).toContain(`Undo: mrtr-inspector unwrap --config ${t.file}`);
    expect(readFileSync(`${t.file}.mrtr-backup`, 'utf8')).toBe(DESKTOP_CONFIG);

    expect(await t.run.wrap({ inspector: 'http://127.0.0.1:6280' })).toBe(0);
    expect(t.read()).toBe(once);
    const again = t.printed();
    expect(again).toContain('  already wrapped  filesystem (left alone): /usr/local/bin/node');
    expect(again).toContain('Nothing changed.');
    expect(readFileSync(`${t.file}.mrtr-backup`, 'utf8')).toBe(DESKTOP_CONFIG);
    // a wrap from another Node or install leaves it alone too, and says how to move it to this one
    t.io.launcher = () => ({ command: '/opt/node22/bin/node', args: LAUNCHER.args });
    expect(await t.run.wrap()).toBe(0);
    expect(t.read()).toBe(once);
    expect(t.printed()).toContain(
      '  already wrapped  github (left alone; it starts another Node or install of mrtr-inspector: unwrap, then wrap, to start this one): /usr/local/bin/node',
    );
    t.io.launcher = () => LAUNCHER;

    expect(await t.run.unwrap()).toBe(0);
    expect(readFileSync(t.file)).toEqual(Buffer.from(DESKTOP_CONFIG));
    expect(t.printed()).toContain(
      `Restored byte for byte from ${t.file}.mrtr-backup: the file had not changed since wrap.`,
    );
    // no temporary file is left beside the config, and its permissions are the user's
    expect(readdirSync(t.dir).sort()).toEqual(['claude_desktop_config.json', 'claude_desktop_config.json.mrtr-backup']);
    expect(statSync(t.file).mode & 0o777).toBe(0o600);
  });

  it('un-wraps in place when the user edited the file since, keeping their edit', async () => {
    const t = setup(DESKTOP_CONFIG);
    await t.run.wrap();
    writeFileSync(t.file, t.read().replace('"sidebarMode": "chat"', '"sidebarMode": "code"'));
    t.printed();
    expect(await t.run.unwrap()).toBe(0);
    const after = t.read();
    expect(after).toContain('"sidebarMode": "code"');
    expect(entry(after, 'mcpServers', 'github')).toEqual({
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'GITHUB_TOKEN', 'ghcr.io/github/github-mcp-server'],
      env: { GITHUB_TOKEN: 'ghp_secret' },
      cwd: '/Users/ada',
    });
    expect(t.printed()).toContain(
      `Un-wrapped in place: the file changed since wrap, so restoring ${t.file}.mrtr-backup would undo those changes`,
    );
    expect(readFileSync(`${t.file}.mrtr-backup`, 'utf8')).toBe(DESKTOP_CONFIG);
  });

  it('keeps the first backup through a second wrap of another server, and unwrap then restores the original', async () => {
    const t = setup(DESKTOP_CONFIG);
    await t.run.wrap({ servers: ['github'] });
    await t.run.wrap({ servers: ['filesystem'] });
    expect(t.printed()).toContain('kept (the file as it was before the first wrap; a later wrap never replaces it)');
    expect(entry(t.read(), 'mcpServers', 'filesystem').command).toBe(LAUNCHER.command);
    expect(readFileSync(`${t.file}.mrtr-backup`, 'utf8')).toBe(DESKTOP_CONFIG);
    await t.run.unwrap();
    expect(t.read()).toBe(DESKTOP_CONFIG);
  });

  it('does not restore a backup that would lose an edit made between two wraps', async () => {
    const t = setup(DESKTOP_CONFIG);
    await t.run.wrap({ servers: ['github'] });
    writeFileSync(t.file, t.read().replace('"chat"', '"code"'));
    await t.run.wrap({ servers: ['filesystem'] });
    expect(t.printed()).toContain('unwrap will un-wrap each entry in place rather than restore the backup');
    await t.run.unwrap();
    const after = t.read();
    expect(after).toContain('"code"');
    expect(entry(after, 'mcpServers', 'filesystem').command).toBe('npx');
    expect(entry(after, 'mcpServers', 'github').command).toBe('docker');
  });

  it('takes a fresh backup at the next wrap after an unwrap, so a later restore keeps what was edited in between', async () => {
    const t = setup(DESKTOP_CONFIG);
    await t.run.wrap();
    await t.run.unwrap();
    const edited = t.read().replace('"chat"', '"code"');
    writeFileSync(t.file, edited);
    await t.run.wrap();
    expect(readFileSync(`${t.file}.mrtr-backup`, 'utf8')).toBe(edited);
    await t.run.unwrap();
    expect(t.read()).toBe(edited);
  });

  it('wraps only the --server named, and refuses an unknown name without touching the file', async () => {
    const t = setup(DESKTOP_CONFIG);
    expect(await t.run.wrap({ servers: ['gitlab'] })).toBe(2);
    expect(t.err.join('\n')).toBe(
      `mrtr-inspector wrap: ${t.file}: no server named "gitlab" in "mcpServers"; the servers there are "filesystem", "github", "remote". Nothing was changed.`,
    );
    expect(t.read()).toBe(DESKTOP_CONFIG);
    expect(await t.run.wrap({ servers: ['github'] })).toBe(0);
    expect(entry(t.read(), 'mcpServers', 'github').command).toBe(LAUNCHER.command);
    expect(entry(t.read(), 'mcpServers', 'filesystem').command).toBe('npx');
  });

  it('writes through a symlinked config to the file it points at, and the link stays a link', async () => {
    const t = setup(DESKTOP_CONFIG, 'real.json');
    const link = join(t.dir, 'claude_desktop_config.json');
    symlinkSync(t.file, link);
    expect(await wrapCommand({ kind: 'wrap', target: { config: link }, servers: [] }, t.io)).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(entry(t.read(), 'mcpServers', 'github').command).toBe(LAUNCHER.command);
  });
});

describe("wrap and unwrap VS Code's commented mcp.json", () => {
  it('keeps the byte order mark and the Windows line ends a Windows editor saved', async () => {
    const windows = `\uFEFF${VSCODE_CONFIG.replace(/\n/g, '\r\n')}`;
    const t = setup(windows, 'mcp.json');
    expect(await t.run.wrap()).toBe(0);
    const wrapped = t.read();
    expect(wrapped.startsWith('\uFEFF{\r\n  // Servers for this workspace\r\n')).toBe(true);
    expect(wrapped.replace(/\r\n/g, '')).not.toContain('\n');
    writeFileSync(t.file, wrapped.replace('"uv"', '"uvx"'));
    expect(await t.run.unwrap()).toBe(0);
    // in place, the lists wrap rewrote are written afresh (the trailing comma inside one goes); all else is as it was
    expect(t.read()).toBe(windows.replace('"uv"', '"uvx"').replace('"server.py",]', '"server.py"]'));
  });

  it('wraps the stdio servers in place, skips the HTTP one, and unwrap gives the same bytes back', async () => {
    const t = setup(VSCODE_CONFIG, 'mcp.json');
    expect(await t.run.wrap()).toBe(0);
    const wrapped = t.read();
    expect(wrapped).toContain('// Servers for this workspace');
    expect(wrapped).toContain('"env": { "API_KEY": "${input:api-key}" },');
    expect(entry(wrapped, 'servers', 'py')).toEqual({
      type: 'stdio',
      command: LAUNCHER.command,
      args: [...LAUNCHER.args, 'tap', '--name', 'py', '--', 'uv', 'run', 'server.py'],
    });
    expect(t.printed()).toContain('  skipped  remote: an HTTP server (type "http", url https://api.example.com/mcp)');
    expect(await t.run.wrap()).toBe(0);
    expect(t.read()).toBe(wrapped);
    expect(await t.run.unwrap()).toBe(0);
    expect(readFileSync(t.file)).toEqual(Buffer.from(VSCODE_CONFIG));
  });

  it('finds .vscode/mcp.json in the workspace with --host vscode', async () => {
    const t = setup('{}', 'unused.json');
    mkdirSync(join(t.dir, '.vscode'));
    const file = join(t.dir, '.vscode', 'mcp.json');
    writeFileSync(file, VSCODE_CONFIG);
    expect(await wrapCommand({ kind: 'wrap', target: { host: 'vscode' }, servers: ['py'] }, t.io)).toBe(0);
    expect(t.printed()).toContain(`${file} (the vscode config found here):`);
    expect(entry(readFileSync(file, 'utf8'), 'servers', 'py').command).toBe(LAUNCHER.command);
    expect(await wrapCommand({ kind: 'wrap', target: { host: 'claude-desktop' }, servers: [] }, t.io)).toBe(2);
    expect(t.err.at(-1)).toBe(
      "mrtr-inspector wrap: Claude Desktop's documentation names a config file on macOS and Windows only, not on linux; name the file with --config FILE",
    );
  });
});

describe('a file wrap cannot use is left untouched with a message', () => {
  it('names the line and column of a parse error', async () => {
    const broken = VSCODE_CONFIG.replace('"command": "uv",', '"command": "uv"');
    const t = setup(broken, 'mcp.json');
    expect(await t.run.wrap()).toBe(2);
    expect(t.err).toEqual([
      `mrtr-inspector wrap: ${t.file}: it does not parse as JSON: CommaExpected at line 18, column 7; fix the file (or restore it) and run again. Nothing was changed.`,
    ]);
    expect(t.read()).toBe(broken);
    expect(readdirSync(t.dir)).toEqual(['mcp.json']);
    expect(await t.run.unwrap()).toBe(2);
  });

  it('refuses a shape it does not know, and a file it cannot read', async () => {
    const settings = '{ "mcp": { "servers": { "a": { "command": "x" } } } }';
    const t = setup(settings, 'settings.json');
    expect(await t.run.wrap()).toBe(2);
    expect(t.err[0]).toContain('a shape not known (expected a top-level "mcpServers" object');
    expect(t.read()).toBe(settings);
    expect(await wrapCommand({ kind: 'wrap', target: { config: join(t.dir, 'nope.json') }, servers: [] }, t.io)).toBe(
      2,
    );
    expect(t.err.at(-1)).toBe(
      `mrtr-inspector wrap: ${join(t.dir, 'nope.json')}: cannot read it: no such file. Nothing was changed.`,
    );
  });
});

describe('a file wrap cannot write', () => {
  it('says so and leaves the file as it was when the backup cannot be written', async () => {
    const t = setup(DESKTOP_CONFIG);
    mkdirSync(`${t.file}.mrtr-backup`);
    expect(await t.run.wrap()).toBe(2);
    expect(t.err).toEqual([
      `mrtr-inspector wrap: ${t.file}: writing failed: ${t.file}.mrtr-backup is a folder, not a file. Each write replaces the whole file at once, so it holds its old content or the new; run wrap again to see which`,
    ]);
    expect(t.read()).toBe(DESKTOP_CONFIG);
    expect(readdirSync(t.dir).sort()).toEqual(['claude_desktop_config.json', 'claude_desktop_config.json.mrtr-backup']);
  });
});

describe('a host that saves the file while wrap runs', () => {
  it('keeps its write: wrap writes nothing over it and says to run again', async () => {
    const t = setup(DESKTOP_CONFIG);
    const saved = DESKTOP_CONFIG.replace('"chat"', '"code"');
    // the launcher is asked after the file is read: the host saves its preferences then
    t.io.launcher = () => {
      writeFileSync(t.file, saved);
      return LAUNCHER;
    };
    expect(await t.run.wrap()).toBe(2);
    expect(t.err).toEqual([
      `mrtr-inspector wrap: ${t.file}: the file changed while this command ran (the host saved it?); nothing was written to it: run wrap again`,
    ]);
    expect(t.read()).toBe(saved);
    expect(readdirSync(t.dir).sort()).toEqual(['claude_desktop_config.json', 'claude_desktop_config.json.mrtr-backup']);
  });
});
