/**
 * Which era the connection speaks, decided once per Connect: pinned in Connection settings, or detected (`auto`) by
 * sending `server/discover` and falling back to a 2025-11-25 session (`initialize`) on the answers that mean "not
 * 2026-07-28" (`eraFromDiscover`). A fallback that cannot initialize either reports the original discover failure, so
 * the doctor diagnoses what the server said to the modern request.
 */
import type { EraConnections, EraResolution } from '../client/legacy/era-connections.ts';
import type { LegacyExchange, LegacySession } from '../client/legacy/legacy-session.ts';
import type { FetchLike } from '../client/send-leg.ts';
import { refusePushed } from '../client/legacy/refuse-pushed.ts';
import { openStandalone } from '../client/legacy/standalone.ts';
import { chooseEra, eraFromDiscover, type DiscoverVerdict, type EraSetting } from '../protocol/era.ts';
import { isJsonObject, type JsonObject } from '../protocol/types.ts';
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
  // the 2025-11-25 session client loads when a server turns out to speak that era (most speak 2026-07-28)
  const { LegacySession } = await import('../client/legacy/legacy-session.ts');
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
    viaRelay: env.viaRelay,
    // notifications (a task's notifications/tasks/status, …) go to whoever reads them: the store
    onNotification: (m) => env.eras?.notifiedOnSession(env.ctx.url, m),
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

/** Why a Connect fell back to a 2025-11-25 session: what server/discover got. */
function fallbackReason(verdict: DiscoverVerdict): string {
  return `server/discover got ${'reason' in verdict ? verdict.reason : verdict.kind}; fell back to initialize`;
}

/** The era of this Connect (memoised per Connect in `env.eras`); without `env.eras`, always 2026-07-28. */
export function detectEra(env: EraEnv): Promise<Detected> {
  const eras = env.eras;
  const setting = env.era ?? 'auto';
  if (!eras) return Promise.resolve({ era: 'modern' });
  const key = JSON.stringify([env.ctx.url, env.nonce, setting, env.ctx.headers, env.ctx.authorization ? 1 : 0]);
  return eras.resolve(
    key,
    async (record) => {
      if (setting !== 'auto') {
        const pinned = `pinned to ${setting}`;
        return chooseEra(setting, undefined) === 'legacy'
          ? openLegacy(env, record, pinned)
          : { era: 'modern', reason: pinned };
      }
      try {
        const { result, exchange } = await rpc(env.ctx, env.fetch, 'server/discover', {}, env);
        const verdict = eraFromDiscover(exchange.response?.status, exchange.message);
        if (chooseEra(setting, verdict) === 'legacy') {
          return await openLegacy(env, record, fallbackReason(verdict)).catch((): Detected => ({
            era: 'modern',
            discover: result,
          }));
        }
        return { era: 'modern', reason: 'server/discover answered', discover: result };
      } catch (err) {
        if (!(err instanceof RpcFailure)) return { era: 'modern', discoverError: err };
        const verdict = eraFromDiscover(err.exchange.response?.status, err.exchange.message);
        if (chooseEra(setting, verdict) !== 'legacy') return { era: 'modern', discoverError: err };
        try {
          return await openLegacy(env, record, fallbackReason(verdict));
        } catch {
          return { era: 'modern', discoverError: err };
        }
      }
    },
    env.ctx.url,
  ) as Promise<Detected>;
}

/** A plain request over the 2025-11-25 session: its result, or an Error naming the JSON-RPC error. */
export async function legacyRequest(session: LegacySession, method: string, params: JsonObject): Promise<JsonObject> {
  const message = await session.request(method, params, refusePushed);
  const result = message.result;
  if (isJsonObject(result)) return result;
  const error = message.error as { code?: unknown; message?: unknown } | undefined;
  throw new Error(`${method}: JSON-RPC error ${String(error?.code)}: ${String(error?.message)}`);
}
