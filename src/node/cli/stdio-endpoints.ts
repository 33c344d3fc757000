/**
 * `--stdio "<command> <args>"`: each command becomes a stdio bridge (src/node/stdio/) offered to the page as the
 * loopback URL `<app>/__stdio/<n>/mcp`. That URL exists only inside the relay (its fetch hands the request to the
 * bridge), so the page reaches it through every relay check: token, loopback, Host and Origin. No HTTP route serves
 * it directly, and the page can never start a process: the commands come from the command line only.
 *
 * `POST /__stdio/log` (same checks, `X-Relay-Token`) returns each server's command, state and stderr.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STDIO_LOG_PATH } from '../../protocol/relay-paths.ts';
import { guardRelayRequest } from '../relay/relay.ts';
import { RelayRefusal, sendRefusal } from '../relay/relay-http.ts';
import { splitCommand } from '../stdio/split-command.ts';
import { startStdioBridge, type StdioBridge } from '../stdio/stdio-bridge.ts';
import type { LocalEndpoint } from './serve.ts';

export interface StdioLog {
  url: string;
  bridge: StdioBridge;
}

export function stdioEndpoints(commands: readonly string[]): {
  start: (appBase: string) => Promise<LocalEndpoint[]>;
  logs: StdioLog[];
} {
  const argvs = commands.map(splitCommand);
  const logs: StdioLog[] = [];
  return {
    logs,
    start: async (appBase) => {
      const endpoints: LocalEndpoint[] = [];
      try {
        for (const [i, argv] of argvs.entries()) {
          const bridge = await startStdioBridge({ argv });
          const url = `${appBase}/__stdio/${i + 1}/mcp`;
          logs.push({ url, bridge });
          endpoints.push({
            label: `stdio: ${argv.join(' ')}`.slice(0, 80),
            url,
            handle: (request) => bridge.handle(request),
            close: () => bridge.close(),
          });
        }
      } catch (err) {
        await Promise.allSettled(endpoints.map((e) => e.close()));
        throw err;
      }
      return endpoints;
    },
  };
}

export function stderrRoute(
  ctx: { token: string; appHosts: () => string[] },
  /** every stdio server the relay reaches now: the command line's (`--stdio`) and a tap's fresh instances */
  logs: () => readonly StdioLog[],
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    if ((req.url ?? '').split('?')[0] !== STDIO_LOG_PATH) {
      next();
      return;
    }
    try {
      guardRelayRequest(req, ctx);
    } catch (err) {
      if (err instanceof RelayRefusal) sendRefusal(res, err.status, err.code, err.message);
      else sendRefusal(res, 500, 'relay_failure', String(err));
      return;
    }
    req.resume();
    const body = JSON.stringify({ servers: logs().map((l) => ({ url: l.url, ...l.bridge.status() })) });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  };
}
