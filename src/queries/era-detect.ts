/**
 * Which era the connection speaks, decided once per Connect: pinned in Connection settings, or detected (`auto`) by
 * sending `server/discover` and falling back to a 2025-11-25 session (`initialize`) on the answers that mean "not
 * 2026-07-28" (`eraFromDiscover`). A fallback that cannot initialize either reports the original discover failure, so
 * the doctor diagnoses what the server said to the modern request.
 */
import type { EraConnections, EraResolution } from '../client/legacy/era-connections.ts';
import { LegacySession, type LegacyExchange } from '../client/legacy/legacy-session.ts';
import type { FetchLike } from '../client/send-leg.ts';
import { refusePushed } from '../client/legacy/refuse-pushed.ts';
import { openStandalone } from '../client/legacy/standalone.ts';
import { eraFromDiscover, LEGACY_ERA_VERSION, type EraSetting } from '../protocol/era.ts';
import type { JsonObject } from '../protocol/types.ts';
import type { ConnectionContext } from '../session/compose.ts';
import { rpc, RpcFailure, type ExchangeRecorder } from './rpc.ts';
import { isConnectionMethod } from '../session/connection-traffic.ts';

/** What a connection's queries need (`QueryEnv` is this type): the era detection is the first of them. */
export interface EraEnv {
  ctx: ConnectionContext;
  fetch: FetchLike;
  viaRelay: boolean;
  /** changes on every Connect click, so Connect always refetches */
  nonce: number;
  /** the era setting of this Connect (default auto) */
  era?: EraSetting;
  /** where the era of the connection and its 2025-11-25 session live; absent = 2026-07-28 only */
  eras?: EraConnections;
  /** told about each exchange of discover, initialize and the lists (not part of the query key) */
  record?: ExchangeRecorder;
}

export type Detected = EraResolution & { discover?: JsonObject; discoverError?: unknown };

async function openLegacy(env: EraEnv, record: (e: LegacyExchange) => void, reason: string): Promise<Detected> {
  const handshake: LegacyExchange[] = [];
  const headers: Record<string, string> = { ...(env.ctx.headers ?? {}) };
  if (env.ctx.authorization) headers.authorization = env.ctx.authorization;
  const session = new LegacySession({
    url: env.ctx.url,
    fetch: env.fetch,
    clientInfo: env.ctx.clientInfo ?? { name: 'mrtr-inspector', version: '0.1.0' },
    // pushed requests become legs answered in the composer (store/send-legacy-draft.ts): the inspector answers all kinds
    capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} },
    headers,
    onExchange: (e) => {
      record(e);
      if (isConnectionMethod(e.label)) env.record?.(e.label, e.exchange);
      if (e.label === 'initialize' || e.label === 'notifications/initialized') handshake.push(e);
    },
  });
  await session.initialize();
  // what the server pushes on the session's own stream belongs to the session: a conversation of its own in the store
  const eras = env.eras;
  if (eras) session.sessionHandler = (request, via) => eras.pushedOnSession(session, request, via);
  openStandalone(session);
  // a server that lost the session gets a new one (legacy-session.ts): its standalone stream opens again in it
  session.onRenewed = () => openStandalone(session);
  return { era: 'legacy', url: env.ctx.url, session, reason, handshake };
}

/** The era of this Connect (memoised per Connect in `env.eras`); without `env.eras`, always 2026-07-28. */
export function detectEra(env: EraEnv): Promise<Detected> {
  const eras = env.eras;
  const setting = env.era ?? 'auto';
  if (!eras) return Promise.resolve({ era: 'modern' });
  const key = JSON.stringify([env.ctx.url, env.nonce, setting, env.ctx.headers, env.ctx.authorization ? 1 : 0]);
  return eras.resolve(key, async (record) => {
    if (setting === LEGACY_ERA_VERSION) return openLegacy(env, record, `pinned to ${LEGACY_ERA_VERSION}`);
    if (setting !== 'auto') return { era: 'modern', reason: `pinned to ${setting}` };
    try {
      const { result, exchange } = await rpc(env.ctx, env.fetch, 'server/discover', {}, env);
      const verdict = eraFromDiscover(exchange.response?.status, exchange.message);
      if (verdict.kind === 'legacy') {
        const why = `server/discover got ${verdict.reason}; fell back to initialize`;
        return await openLegacy(env, record, why).catch((): Detected => ({ era: 'modern', discover: result }));
      }
      return { era: 'modern', reason: 'server/discover answered', discover: result };
    } catch (err) {
      if (!(err instanceof RpcFailure)) return { era: 'modern', discoverError: err };
      const verdict = eraFromDiscover(err.exchange.response?.status, err.exchange.message);
      if (verdict.kind !== 'legacy') return { era: 'modern', discoverError: err };
      try {
        return await openLegacy(env, record, `server/discover got ${verdict.reason}; fell back to initialize`);
      } catch {
        return { era: 'modern', discoverError: err };
      }
    }
  }) as Promise<Detected>;
}

/** A plain request over the 2025-11-25 session: its result, or an Error naming the JSON-RPC error. */
export async function legacyRequest(session: LegacySession, method: string, params: JsonObject): Promise<JsonObject> {
  const message = await session.request(method, params, refusePushed);
  const result = message.result;
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) return result as JsonObject;
  const error = message.error as { code?: unknown; message?: unknown } | undefined;
  throw new Error(`${method}: JSON-RPC error ${String(error?.code)}: ${String(error?.message)}`);
}
