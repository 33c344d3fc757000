/** Host configs as users write them, for the wrap and unwrap tests. */
import type { TapLauncher } from './wrap-entries.ts';

/** Claude Desktop's file: `mcpServers`, plain JSON, with the app's own settings beside it. */
export const DESKTOP_CONFIG = `{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/ada/Desktop"]
    },
    "github": {
      "command": "docker",
      "args": ["run", "-i", "--rm", "-e", "GITHUB_TOKEN", "ghcr.io/github/github-mcp-server"],
      "env": { "GITHUB_TOKEN": "ghp_secret" },
      "cwd": "/Users/ada"
    },
    "remote": { "url": "https://mcp.example.com/mcp" }
  },
  "preferences": { "sidebarMode": "chat" }
}
`;

/** VS Code's `.vscode/mcp.json`: comments, trailing commas, `inputs`, `${input:…}` and `${workspaceFolder}`. */
export const VSCODE_CONFIG = `{
  // Servers for this workspace
  "inputs": [
    { "type": "promptString", "id": "api-key", "description": "API key", "password": true },
  ],
  "servers": {
    /* the files of this workspace */
    "files": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "\${workspaceFolder}"], // inline note
      "env": { "API_KEY": "\${input:api-key}" },
      "envFile": "\${workspaceFolder}/.env",
    },
    "py": {
      "type": "stdio",
      "command": "uv",
      "args": ["run", "server.py",],
    },
    "remote": { "type": "http", "url": "https://api.example.com/mcp", "headers": { "Authorization": "Bearer \${input:api-key}" } },
  },
}
`;

/** A launcher as wrap writes it: this Node and a built cli's path. */
export const LAUNCHER: TapLauncher = { command: '/usr/local/bin/node', args: ['/opt/mrtr/dist-node/cli.js'] };
