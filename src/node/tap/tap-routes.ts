/**
 * The hub's door for taps: `GET /__tap/connect` with `Upgrade: mrtr-tap` and the tap secret, on the inspector's own
 * loopback server. Checked before anything is read or written: a loopback connection, a loopback Host of the app, no
 * Origin and no browser fetch metadata (a web page can send neither an upgrade of this kind nor this header), and the
 * secret. A refusal is a plain HTTP answer, then the connection closes. Node-only.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { isLoopbackAddress } from '../relay/relay-http.ts';
import { tokenMatches } from '../relay/relay.ts';
import type { TrafficHub } from '../proxy/traffic-hub.ts';
import type { FreshInstances } from './tap-fresh.ts';
import { serveTap } from './tap-source.ts';
import { writeTapToken } from './tap-token.ts';
import { TAP_CONNECT_PATH, TAP_TOKEN_HEADER, TAP_UPGRADE } from './tap-wire.ts';

export interface TapDoorOptions {
  hub: TrafficHub;
  /** the Host values the app is served under */
  appHosts: () => string[];
  /** the secret taps must present (undefined until it is written: every tap is refused) */
  secret: () => string | undefined;
  /** where the page's requests for fresh instances of a tapped server go (none: taps launch nothing) */
  fresh?: FreshInstances;
}

/** Why a tap's connection is refused, or undefined when it may connect. */
export function tapRefusal(
  req: IncomingMessage,
  opts: Pick<TapDoorOptions, 'appHosts' | 'secret'>,
): { status: number; code: string; message: string } | undefined {
  if (!isLoopbackAddress(req.socket.remoteAddress) || !isLoopbackAddress(req.socket.localAddress))
    return { status: 403, code: 'not_loopback', message: 'Taps connect over loopback only.' };
  const host = (req.headers.host ?? '').toLowerCase();
  if (!opts.appHosts().includes(host))
    return { status: 403, code: 'bad_host', message: `Host "${host}" is not the inspector's.` };
  const site = req.headers['sec-fetch-site'];
  if (req.headers.origin !== undefined || (site !== undefined && site !== 'none'))
    return { status: 403, code: 'bad_origin', message: 'A web page may not connect as a tap.' };
  if (req.method !== 'GET' || (req.headers.upgrade ?? '').toLowerCase() !== TAP_UPGRADE)
    return { status: 426, code: 'upgrade_required', message: `Connect with Upgrade: ${TAP_UPGRADE}.` };
  const secret = opts.secret();
  if (!secret || !tokenMatches(secret, req.headers[TAP_TOKEN_HEADER]))
    return { status: 401, code: 'bad_token', message: 'Missing or wrong tap secret.' };
  return undefined;
}

/** The `upgrade` listener for the inspector's HTTP server: true when the request was the tap door's. */
function createTapDoor(
  opts: TapDoorOptions,
  connected: Set<Duplex> = new Set(),
): (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean {
  let taps = 0;
  return (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] !== TAP_CONNECT_PATH) return false;
    const refusal = tapRefusal(req, opts);
    if (refusal) {
      const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message } });
      socket.end(
        `HTTP/1.1 ${refusal.status} Refused\r\ncontent-type: application/json\r\nx-tap-error: ${refusal.code}\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return true;
    }
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nupgrade: ${TAP_UPGRADE}\r\nconnection: Upgrade\r\n\r\n`);
    if (head.length) socket.unshift(head);
    connected.add(socket);
    socket.once('close', () => connected.delete(socket));
    serveTap(socket, opts.hub, `t${++taps}`, opts.fresh);
    return true;
  };
}

/**
 * Open the tap door on the inspector's HTTP server: once it listens, write the secret for its port and take taps'
 * upgrades (other upgrades are left to their own listeners: Vite's HMR socket). Returns what removes the secret and ends the taps'
 * connections (an upgraded socket is no longer the HTTP server's to close; the taps carry on unwatched).
 */
export function openTapDoor(
  server: Server,
  hub: TrafficHub,
  opts: {
    appHosts: () => string[];
    warn: (message: string) => void;
    env?: NodeJS.ProcessEnv;
    fresh?: FreshInstances;
  },
): { close(): void } {
  let secret: { token: string; remove(): void } | undefined;
  const connected = new Set<Duplex>();
  const door = createTapDoor(
    { hub, appHosts: opts.appHosts, secret: () => secret?.token, ...(opts.fresh ? { fresh: opts.fresh } : {}) },
    connected,
  );
  const write = (): void => {
    const address = server.address();
    if (!address || typeof address === 'string') return;
    try {
      secret = writeTapToken(address.port, opts.env);
    } catch (error) {
      opts.warn(`stdio taps cannot connect: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  if (server.listening) write();
  else server.once('listening', write);
  server.on('upgrade', door);
  const close = (): void => {
    secret?.remove();
    for (const socket of connected) socket.destroy();
    void opts.fresh?.close();
  };
  server.once('close', close);
  return { close };
}
