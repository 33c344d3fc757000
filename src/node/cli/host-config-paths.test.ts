import { describe, expect, it } from 'vitest';
import { hostConfigPaths, type HostEnvironment } from './host-config-paths.ts';

const mac: HostEnvironment = { platform: 'darwin', home: '/Users/ada', env: {}, cwd: '/Users/ada/proj' };
const windows: HostEnvironment = {
  platform: 'win32',
  home: 'C:\\Users\\ada',
  env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' },
  cwd: 'C:\\src\\proj',
};
const linux: HostEnvironment = { platform: 'linux', home: '/home/ada', env: {}, cwd: '/home/ada/proj' };

describe('hostConfigPaths', () => {
  it("finds Claude Desktop's file where its documentation puts it, and says Linux has none", () => {
    expect(hostConfigPaths('claude-desktop', mac)).toEqual({
      candidates: ['/Users/ada/Library/Application Support/Claude/claude_desktop_config.json'],
    });
    expect(hostConfigPaths('claude-desktop', windows)).toEqual({
      candidates: ['C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json'],
    });
    expect(hostConfigPaths('claude-desktop', linux)).toEqual({
      none: "Claude Desktop's documentation names a config file on macOS and Windows only, not on linux",
    });
  });

  it("looks in the workspace or project first, then the user's own file", () => {
    expect(hostConfigPaths('vscode', mac)).toEqual({
      candidates: ['/Users/ada/proj/.vscode/mcp.json', '/Users/ada/Library/Application Support/Code/User/mcp.json'],
    });
    expect(hostConfigPaths('vscode', windows)).toEqual({
      candidates: ['C:\\src\\proj\\.vscode\\mcp.json', 'C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json'],
    });
    expect(hostConfigPaths('vscode', { ...linux, env: { XDG_CONFIG_HOME: '/home/ada/.cfg' } })).toEqual({
      candidates: ['/home/ada/proj/.vscode/mcp.json', '/home/ada/.cfg/Code/User/mcp.json'],
    });
    expect(hostConfigPaths('cursor', linux)).toEqual({
      candidates: ['/home/ada/proj/.cursor/mcp.json', '/home/ada/.cursor/mcp.json'],
    });
    expect(hostConfigPaths('claude-code', windows)).toEqual({ candidates: ['C:\\src\\proj\\.mcp.json'] });
  });
});
