/**
 * What the local server tells the page at start (`GET /__inspector/config`): where the bundled mock is, the per-launch
 * relay token and any stdio servers the command line started. Shared by the Vite plugin (`npm start`) and the
 * command line (`mrtr-inspector`), so both serve exactly the same thing under the same Host check. Node-only.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLIENT_METADATA_PATH, clientMetadataDocument } from '../protocol/auth/client-metadata.ts';
import { configRefusal } from './page-security.ts';

const CONFIG_PATH = '/__inspector/config';

/** A fresh per-launch relay token (32 base64url characters). */
export function newRelayToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The Host header values an app on this loopback port is served under. */
export function loopbackHosts(address: AddressInfo | string | null | undefined): string[] {
  if (!address || typeof address === 'string') return [];
  const port = address.port;
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

export interface MockLocation {
  /** base URL, e.g. `http://127.0.0.1:8765` */
  url: string;
  /** `url + '/mcp'` */
  mcpUrl: string;
}

export interface ConfigEndpoint {
  label: string;
  url: string;
}

/** The JSON the page reads (see `src/lib/runtime-config.ts` for the page's side). */
export function inspectorConfig(
  token: string,
  mock: MockLocation | undefined,
  stdio: readonly ConfigEndpoint[] = [],
): Record<string, unknown> {
  const endpoints: ConfigEndpoint[] = mock
    ? [
        { label: 'Mock: main', url: mock.mcpUrl },
        { label: 'Mock: fleet, shared key', url: `${mock.url}/fleet/shared` },
        { label: 'Mock: fleet, one key per instance', url: `${mock.url}/fleet/split` },
        { label: 'Mock: chaos', url: `${mock.url}/chaos` },
      ]
    : [];
  endpoints.push(...stdio);
  return {
    ...(mock ? { mockUrl: mock.mcpUrl } : {}),
    ...(endpoints.length ? { mockEndpoints: endpoints } : {}),
    ...(stdio.length ? { stdio } : {}),
    relay: { token },
  };
}

/**
 * Connect-style handler of `GET /__inspector/config`; other paths go to `next`. It hands out the relay token, so it
 * answers only a loopback connection under one of the app's own Hosts (a rebinding page must not read it), with no
 * foreign Origin and no cross-site Sec-Fetch-Site (another loopback origin must not read it either): 403 otherwise.
 */
export function createConfigHandler(opts: {
  appHosts: () => string[];
  config: () => Record<string, unknown>;
}): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== CONFIG_PATH) {
      next();
      return;
    }
    const refused = configRefusal(req, opts.appHosts());
    if (refused) {
      res.statusCode = 403;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`forbidden: ${refused}`);
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(opts.config()));
  };
}

/**
 * `RELAY_IDLE_TIMEOUT_MS` / `RELAY_TOTAL_TIMEOUT_MS` override the relay's time limits, `RELAY_MAX_RESPONSE_BYTES` its
 * response size cap (see relay.md).
 */
export function relayLimitsFromEnv(): { timeoutMs?: number; totalTimeoutMs?: number; maxResponseBytes?: number } {
  const read = (name: string): number | undefined => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const timeoutMs = read('RELAY_IDLE_TIMEOUT_MS');
  const totalTimeoutMs = read('RELAY_TOTAL_TIMEOUT_MS');
  const maxResponseBytes = read('RELAY_MAX_RESPONSE_BYTES');
  return {
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(totalTimeoutMs ? { totalTimeoutMs } : {}),
    ...(maxResponseBytes ? { maxResponseBytes } : {}),
  };
}

/** `GET <CLIENT_METADATA_PATH>`: this app's OAuth Client ID Metadata Document, under an app Host only. */
export function createClientMetadataHandler(
  appHosts: () => string[],
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    if ((req.url ?? '').split('?')[0] !== CLIENT_METADATA_PATH) {
      next();
      return;
    }
    const host = req.headers.host ?? '';
    if (!appHosts().includes(host)) {
      res.statusCode = 403;
      res.end('forbidden host');
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end(JSON.stringify(clientMetadataDocument(`http://${host}`)));
  };
}
