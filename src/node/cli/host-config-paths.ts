/**
 * Where each host keeps the config file that lists its stdio servers, per its own documentation. Pure: the platform,
 * home folder, environment and working folder come in, so every OS's answer is testable on any.
 *
 * - Claude Desktop: `claude_desktop_config.json` under `~/Library/Application Support/Claude/` (macOS) or
 *   `%APPDATA%\Claude\` (Windows); its documentation names no Linux build, so Linux has no usual path.
 * - VS Code: `.vscode/mcp.json` in the workspace, else `mcp.json` in the user profile (`Code/User/` beside the
 *   profile's `settings.json`: `~/Library/Application Support/Code/User/`, `%APPDATA%\Code\User\`,
 *   `~/.config/Code/User/`).
 * - Cursor: `.cursor/mcp.json` in the project, else `~/.cursor/mcp.json`.
 * - Claude Code: `.mcp.json` at the project's root (the project scope). Its user and local scopes live inside
 *   `~/.claude.json`, a file Claude Code rewrites as it runs (the local scope nested per project): not looked for.
 */
import { posix, win32 } from 'node:path';

export const HOSTS = ['claude-desktop', 'vscode', 'cursor', 'claude-code'] as const;
export type Host = (typeof HOSTS)[number];

export interface HostEnvironment {
  platform: NodeJS.Platform;
  home: string;
  /** `process.env`: APPDATA on Windows, XDG_CONFIG_HOME on Linux */
  env: Readonly<Record<string, string | undefined>>;
  /** the folder the command runs in: the workspace or project a project-level file belongs to */
  cwd: string;
}

export type HostPaths = { candidates: string[] } | { none: string };

function pathOn(platform: NodeJS.Platform): typeof posix.join {
  return platform === 'win32' ? win32.join : posix.join;
}

/** The folder the OS keeps applications' per-user settings in, or undefined on an OS the hosts do not ship for. */
function appDataDir({ platform, home, env }: HostEnvironment): string | undefined {
  const p = pathOn(platform);
  if (platform === 'darwin') return p(home, 'Library', 'Application Support');
  if (platform === 'win32') return env.APPDATA || p(home, 'AppData', 'Roaming');
  if (platform === 'linux') return env.XDG_CONFIG_HOME || p(home, '.config');
  return undefined;
}

/** The files to look at for a host, most specific first (the project's own file before the user's). */
export function hostConfigPaths(host: Host, e: HostEnvironment): HostPaths {
  const p = pathOn(e.platform);
  switch (host) {
    case 'claude-desktop': {
      if (e.platform !== 'darwin' && e.platform !== 'win32')
        return {
          none: `Claude Desktop's documentation names a config file on macOS and Windows only, not on ${e.platform}`,
        };
      return { candidates: [p(appDataDir(e)!, 'Claude', 'claude_desktop_config.json')] };
    }
    case 'vscode': {
      const appData = appDataDir(e);
      const user = appData ? [p(appData, 'Code', 'User', 'mcp.json')] : [];
      return { candidates: [p(e.cwd, '.vscode', 'mcp.json'), ...user] };
    }
    case 'cursor':
      return { candidates: [p(e.cwd, '.cursor', 'mcp.json'), p(e.home, '.cursor', 'mcp.json')] };
    case 'claude-code':
      return { candidates: [p(e.cwd, '.mcp.json')] };
  }
}
