/**
 * One `/seal/<variant>/mcp` endpoint: a small bank (tools `transfer_funds` and `close_account`, prompt `statement`)
 * whose every question is protected the way the Python SDK's seal protects it (`seal-codec.ts`), or with exactly one
 * protection left out (the variant). Stateless 2026-07-28 on the SDK's `createMcpHandler`, a fresh `McpServer` per
 * request (three registrations: cheap). Verification runs in the SDK seam (`requestState.verify`) before any
 * handler, on every echo, and every failure becomes the frozen `-32602 "Invalid or expired requestState"`.
 *
 * Answers are pinned to the question they answer: the state carries a digest of each rendered question, and a retry
 * whose re-rendered question differs is asked again rather than answered with a stale answer.
 */
import { createHash } from 'node:crypto';
import {
  createMcpHandler,
  createRequestStateCodec,
  inputRequired,
  inputResponse,
  McpServer,
  type AuthInfo,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { isJsonObject } from '../../../protocol/types.ts';
import { realClock, type Clock } from '../../clock.ts';
import { canonicalJson } from '../state.ts';
import { mintSealed, openSealed, type KeyRing, type SealPolicy, type SealRequest } from './seal-codec.ts';

/**
 * - `strict`: every protection (principal, request, audience `seal-strict`, TTL, pinning).
 * - `strict-sibling`: another service with the same key and its own audience: refuses `strict`'s state.
 * - `no-audience`, `no-audience-sibling`: two services with the same key and no audience claim: each takes the other's.
 * - `no-principal`: state not bound to the signed-in user.
 * - `method-only`: the TypeScript SDK's signed codec (`createRequestStateCodec`) bound to the method only.
 * - `per-call-message`: the question quotes a live rate, so it changes on every call and is asked again every round.
 * - `redeploy`: the wording changes after the first question (as after a redeploy): asked again once, then answered.
 */
export const SEAL_VARIANTS = [
  'strict',
  'strict-sibling',
  'no-audience',
  'no-audience-sibling',
  'no-principal',
  'method-only',
  'per-call-message',
  'redeploy',
] as const;
export type SealVariant = (typeof SEAL_VARIANTS)[number];

const SEAL_SERVER_INFO = { name: 'mrtr-mock-seal', version: '1.0.0' } as const;

export interface SealEndpointOptions {
  /** the variant, or a rotation instance's name (then `audience` names the fleet) */
  variant: SealVariant | 'rotation';
  ring: KeyRing;
  /** the method-only variant's HMAC key */
  signKey?: Uint8Array;
  ttlSeconds: number;
  /** the audience of a rotation fleet (every instance of one service shares its name) */
  audience?: string;
  clock?: Clock;
  log?: (line: string) => void;
}

export type SealEndpoint = ((
  req: Request,
  auth?: AuthInfo & { subject?: string; issuer?: string },
) => Promise<Response>) & {
  close(): Promise<void>;
};

function policyOf(opts: SealEndpointOptions): SealPolicy {
  const audience =
    opts.variant === 'rotation'
      ? (opts.audience ?? 'seal-rotation')
      : opts.variant === 'no-audience' || opts.variant === 'no-audience-sibling'
        ? null
        : `seal-${opts.variant}`;
  return { ttlSeconds: opts.ttlSeconds, audience, bindPrincipal: opts.variant !== 'no-principal' };
}

interface RoundState {
  /** digest of each question asked, by input key */
  q: Record<string, string>;
}

const CONFIRM_SCHEMA = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Confirm', default: false } },
  required: ['confirm'],
};

function questionDigest(message: string, schema: unknown): string {
  return createHash('sha256').update(canonicalJson({ message, schema })).digest('base64url').slice(0, 22);
}

export function createSealEndpoint(opts: SealEndpointOptions): SealEndpoint {
  const clock = opts.clock ?? realClock;
  const log = opts.log ?? (() => {});
  const policy = policyOf(opts);
  const requests = new WeakMap<Request, Omit<SealRequest, 'principal'>>();
  let rateQuotes = 0;

  const requestOf = (sctx: ServerContext): SealRequest => {
    const req = sctx.http?.req;
    const known = (req && requests.get(req)) ?? { method: '', target: '', arguments: {} };
    const auth = sctx.http?.authInfo as (AuthInfo & { subject?: string; issuer?: string }) | undefined;
    const principal = auth ? `${auth.issuer ?? ''}|${auth.clientId}|${auth.subject ?? ''}` : null;
    return { ...known, principal };
  };
  const codec =
    opts.variant === 'method-only'
      ? createRequestStateCodec<RoundState>({
          key: opts.signKey ?? new Uint8Array(32).fill(7),
          ttlSeconds: opts.ttlSeconds,
          bind: (sctx) => sctx.mcpReq.method,
        })
      : undefined;
  const mint = async (state: RoundState, sctx: ServerContext): Promise<string> =>
    codec ? codec.mint(state, sctx) : mintSealed(opts.ring, policy, requestOf(sctx), state, clock.now());
  const verify = async (token: string, sctx: ServerContext): Promise<unknown> => {
    const req = requestOf(sctx);
    try {
      return codec ? await codec.verify(token, sctx) : openSealed(opts.ring, policy, req, token, clock.now());
    } catch (err) {
      log(
        `[seal/${opts.variant}] requestState rejected (${err instanceof Error ? err.message : String(err)}) for ${req.method} ${req.target}`,
      );
      throw err;
    }
  };

  /** Asks `key` (a yes/no form) unless the round's answer is to this exact question; then returns the answer. */
  const confirmOrAsk = async (
    sctx: ServerContext,
    key: string,
    render: (retry: boolean) => string,
  ): Promise<{ ask: ReturnType<typeof inputRequired> } | { action: string; confirmed: boolean }> => {
    const state = sctx.mcpReq.requestState<RoundState>();
    const answer = inputResponse(sctx.mcpReq.inputResponses, key);
    const message = render(state !== undefined);
    const digest = questionDigest(message, CONFIRM_SCHEMA);
    // hand-built state (the TS SDK codec's variant) is not pinned: any verified state with an answer goes on
    const pinned = opts.variant !== 'method-only';
    const stale = pinned && (!isJsonObject(state) || state.q?.[key] !== digest);
    if (state === undefined || answer.kind !== 'elicit' || stale) {
      return {
        ask: inputRequired({
          inputRequests: { [key]: inputRequired.elicit({ mode: 'form', message, requestedSchema: CONFIRM_SCHEMA }) },
          requestState: await mint({ q: { [key]: digest } }, sctx),
        }),
      };
    }
    return { action: answer.action, confirmed: answer.action === 'accept' && answer.content?.confirm === true };
  };

  const transferQuestion = (amount: number, to: string) => (retry: boolean) => {
    if (opts.variant === 'per-call-message') {
      rateQuotes += 1;
      return `Transfer ${amount} EUR to ${to} at today's rate (quote ${rateQuotes}, ${new Date(clock.now()).toISOString()})?`;
    }
    if (opts.variant === 'redeploy' && retry) return `Please confirm: send ${amount} EUR to ${to}.`;
    return `Transfer ${amount} EUR to ${to}?`;
  };

  const build = (): McpServer => {
    const server = new McpServer(SEAL_SERVER_INFO, { requestState: { verify } });
    server.registerTool(
      'transfer_funds',
      {
        title: 'Transfer funds',
        description: 'Asks to confirm the transfer; requestState sealed and bound (see the mock README, /seal).',
        inputSchema: z.object({ amount: z.number().positive().default(120), to: z.string().default('ACME') }),
      },
      async ({ amount, to }, sctx) => {
        const step = await confirmOrAsk(sctx, 'confirm', transferQuestion(amount, to));
        if ('ask' in step) return step.ask;
        if (!step.confirmed)
          return {
            content: [{ type: 'text', text: `Transfer of ${amount} EUR not made (${step.action}).` }],
            isError: true,
          };
        return { content: [{ type: 'text', text: `Transferred ${amount} EUR to ${to}.` }] };
      },
    );
    server.registerTool(
      'close_account',
      {
        title: 'Close an account',
        description: 'Asks to confirm the closing; requestState sealed and bound.',
        inputSchema: z.object({ account: z.string().default('savings') }),
      },
      async ({ account }, sctx) => {
        const step = await confirmOrAsk(sctx, 'confirm', () => `Close the account ${account}?`);
        if ('ask' in step) return step.ask;
        if (!step.confirmed)
          return { content: [{ type: 'text', text: `Account ${account} kept (${step.action}).` }], isError: true };
        return { content: [{ type: 'text', text: `Closed the account ${account}.` }] };
      },
    );
    server.registerPrompt(
      'statement',
      {
        title: 'Account statement',
        description: 'Asks to confirm before listing the month; requestState sealed and bound.',
        argsSchema: z.object({ month: z.string().describe('e.g. 2026-01') }),
      },
      async ({ month }, sctx) => {
        const step = await confirmOrAsk(sctx, 'confirm', () => `Show the statement of ${month}?`);
        if ('ask' in step) return step.ask;
        return {
          messages: [
            {
              role: 'user',
              content: { type: 'text', text: step.confirmed ? `Statement of ${month}: 3 movements.` : 'No statement.' },
            },
          ],
        };
      },
    );
    return server;
  };

  const handler = createMcpHandler(() => build(), { legacy: 'reject', onerror: (err) => log(`[seal] ${err.message}`) });

  const handle = async (req: Request, auth?: AuthInfo & { subject?: string; issuer?: string }): Promise<Response> => {
    if (req.method !== 'POST') return handler.fetch(req, auth ? { authInfo: auth } : undefined);
    const text = await req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return handler.fetch(new Request(req.url, { method: 'POST', headers: req.headers, body: text }));
    }
    if (isJsonObject(body) && typeof body.method === 'string') {
      const params = isJsonObject(body.params) ? body.params : {};
      const target = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : '';
      requests.set(req, {
        method: body.method,
        target,
        arguments: isJsonObject(params.arguments) ? params.arguments : {},
      });
    }
    return handler.fetch(req, { parsedBody: body, ...(auth ? { authInfo: auth } : {}) });
  };
  return Object.assign(handle, { close: () => handler.close() });
}
