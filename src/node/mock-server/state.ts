/**
 * requestState protection for the main endpoint, in the three forms real servers use (mrtr-wire.md §3):
 *
 * - `signed`: the SDK's `createRequestStateCodec` (HMAC-SHA256, readable `v1.<body>.<mac>`), with a TTL and a
 *   bind tag over `method + name + sha256(canonical arguments)`, so a token lifted from another tool, prompt,
 *   resource or argument set is refused.
 * - `sealed`: AES-256-GCM (node:crypto), opaque base64url `iv || ciphertext || tag`; the same binding string is the
 *   GCM additional data, and the plaintext carries an expiry.
 * - `none`: plain base64url JSON that the tool trusts. Deliberately unsafe, for the side-by-side demo.
 *
 * Every key is derived from the one `stateKey` given to `createMainHandler`, so instances built with the same key
 * (the fleet's shared mode) accept each other's state and instances with different keys do not.
 * Any verification failure throws; the SDK seam turns that into the frozen
 * `-32602 "Invalid or expired requestState"` error and only the server log sees the reason.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { createRequestStateCodec, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { realClock, type Clock } from '../clock.ts';
import { isJsonObject } from '../../protocol/types.ts';

export type StateMode = 'signed' | 'sealed' | 'none';

/** Default lifetime of signed and sealed state. */
const DEFAULT_STATE_TTL_SECONDS = 600;
/** Lifetime used by `approve_payment_short_ttl` unless overridden. */
const DEFAULT_SHORT_TTL_SECONDS = 5;

export interface DerivedStateKeys {
  sign: Uint8Array;
  seal: Buffer;
}

/** Derives independent signing and sealing keys (32 bytes each) from any-length key material. */
export function deriveStateKeys(stateKey: Uint8Array | string): DerivedStateKeys {
  const material = typeof stateKey === 'string' ? Buffer.from(stateKey, 'utf8') : Buffer.from(stateKey);
  if (material.byteLength === 0) throw new RangeError('stateKey must not be empty');
  const derive = (label: string) => createHmac('sha256', material).update(`mrtr-mock/${label}/v1`).digest();
  return { sign: new Uint8Array(derive('sign')), seal: derive('seal') };
}

/** JSON with object keys sorted recursively: equal values give equal strings. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** base64url(sha256(canonical JSON of the arguments)). */
export function argumentsDigest(args: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(args ?? {}))
    .digest('base64url');
}

/** What a requestState is bound to: the request it was minted for. */
export interface RequestTarget {
  /** JSON-RPC method, e.g. `tools/call`. */
  method: string;
  /** Tool or prompt name, or resource URI; `''` for other methods. */
  name: string;
  /** `params.arguments` (tools, prompts), `{}` when absent. */
  arguments: Record<string, unknown>;
}

export function bindingOf(target: RequestTarget): string {
  return `mrtr-mock\u0000${target.method}\u0000${target.name}\u0000${argumentsDigest(target.arguments)}`;
}

// ---------------------------------------------------------------------------------------------
// sealed (AES-256-GCM)
// ---------------------------------------------------------------------------------------------

const IV_BYTES = 12;
const TAG_BYTES = 16;

const epochSeconds = (nowMs: number) => Math.floor(nowMs / 1000);

/** `nowMs`: the time the token is sealed at (its `exp` is `ttlSeconds` later); default the real clock. */
export function sealState(
  key: Buffer,
  binding: string,
  payload: unknown,
  ttlSeconds: number,
  nowMs = realClock.now(),
): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(binding, 'utf8'));
  const plaintext = Buffer.from(JSON.stringify({ p: payload, exp: epochSeconds(nowMs) + ttlSeconds }), 'utf8');
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

/** Throws an Error whose message is an opaque reason (`malformed`, `decrypt`, `expired` at `nowMs`). */
export function unsealState<T = unknown>(key: Buffer, binding: string, token: string, nowMs = realClock.now()): T {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new Error('malformed');
  const raw = Buffer.from(token, 'base64url');
  if (raw.byteLength < IV_BYTES + TAG_BYTES + 1) throw new Error('malformed');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.byteLength - TAG_BYTES);
  const ciphertext = raw.subarray(IV_BYTES, raw.byteLength - TAG_BYTES);
  let plaintext: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(tag);
    plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new Error('decrypt');
  }
  let envelope: { p?: unknown; exp?: unknown };
  try {
    envelope = JSON.parse(plaintext.toString('utf8')) as { p?: unknown; exp?: unknown };
  } catch {
    throw new Error('malformed');
  }
  if (typeof envelope.exp !== 'number' || envelope.exp < epochSeconds(nowMs)) throw new Error('expired');
  return envelope.p as T;
}

// ---------------------------------------------------------------------------------------------
// none (plain base64url JSON, trusted as-is)
// ---------------------------------------------------------------------------------------------

export function encodePlainState(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** Returns `undefined` when the token is not base64url JSON of an object. */
export function decodePlainState<T extends object = Record<string, unknown>>(token: string): T | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(token)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return isJsonObject(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// the endpoint's kit
// ---------------------------------------------------------------------------------------------

/**
 * The state tools of one endpoint: minting helpers and the `verify` hook to give `McpServer`
 * (`requestState.verify`), which dispatches on the mode declared for the target. Every token is bound to the request
 * being served, which the kit asks `opts.target(ctx)` for at each call (the endpoint looks it up from the handler
 * context's HTTP request), so one kit and its codecs serve every request and every pooled server instance.
 */
export interface StateKit {
  /** Declares how a tool's requestState is protected (default `signed`). Call while registering. */
  protectTool(toolName: string, mode: StateMode): void;
  /** Mints a signed (SDK codec) token bound to the current request. */
  mintSigned<T>(payload: T, ctx: ServerContext, opts?: { ttlSeconds?: number }): Promise<string>;
  /** Mints an AES-256-GCM sealed token bound to the current request. */
  mintSealed(payload: unknown, ctx: ServerContext, opts?: { ttlSeconds?: number }): string;
  /** Encodes unprotected state (base64url JSON). */
  encodePlain(payload: unknown): string;
  /** Decodes unprotected state; `undefined` when it is not base64url JSON of an object. */
  decodePlain<T extends object = Record<string, unknown>>(token: string): T | undefined;
  /** The `requestState.verify` hook for `McpServer`. */
  verify(state: string, ctx: ServerContext): Promise<unknown>;
  /** Lifetime used by short-TTL demos. */
  readonly shortTtlSeconds: number;
}

export interface StateKitOptions {
  keys: DerivedStateKeys;
  /** The request a handler context belongs to (called at every mint and verify). */
  target: (ctx: ServerContext) => RequestTarget;
  shortTtlSeconds?: number;
  /** Sealed state's mint time and expiry check; default the real clock (signed state uses the SDK's `Date.now`). */
  clock?: Clock;
  /** Receives the real reason of a rejected state (the wire only ever sees the frozen error). */
  onReject?: (reason: string, mode: StateMode, target: RequestTarget) => void;
}

export function createStateKit(opts: StateKitOptions): StateKit {
  const clock = opts.clock ?? realClock;
  // A request's binding is computed once however often it is minted or verified against.
  const bindings = new WeakMap<RequestTarget, string>();
  const binding = (ctx: ServerContext): string => {
    const target = opts.target(ctx);
    let value = bindings.get(target);
    if (value === undefined) {
      value = bindingOf(target);
      bindings.set(target, value);
    }
    return value;
  };
  const toolModes = new Map<string, StateMode>();
  const codecs = new Map<number, RequestStateCodec>();
  const codecFor = (ttlSeconds: number): RequestStateCodec => {
    let codec = codecs.get(ttlSeconds);
    if (!codec) {
      codec = createRequestStateCodec({ key: opts.keys.sign, ttlSeconds, bind: binding });
      codecs.set(ttlSeconds, codec);
    }
    return codec;
  };
  const modeOf = (target: RequestTarget): StateMode =>
    target.method === 'tools/call' ? (toolModes.get(target.name) ?? 'signed') : 'signed';

  return {
    shortTtlSeconds: opts.shortTtlSeconds ?? DEFAULT_SHORT_TTL_SECONDS,
    protectTool(toolName, mode) {
      const known = toolModes.get(toolName);
      if (known !== undefined && known !== mode) {
        throw new Error(`requestState of ${toolName} is already protected as ${known}, not ${mode}`);
      }
      toolModes.set(toolName, mode);
    },
    mintSigned(payload, ctx, mintOpts) {
      return codecFor(mintOpts?.ttlSeconds ?? DEFAULT_STATE_TTL_SECONDS).mint(payload, ctx);
    },
    mintSealed(payload, ctx, mintOpts) {
      const ttl = mintOpts?.ttlSeconds ?? DEFAULT_STATE_TTL_SECONDS;
      return sealState(opts.keys.seal, binding(ctx), payload, ttl, clock.now());
    },
    encodePlain: encodePlainState,
    decodePlain: decodePlainState,
    async verify(state, ctx) {
      const target = opts.target(ctx);
      const mode = modeOf(target);
      try {
        if (mode === 'none') return undefined; // the handler reads (and trusts) the raw string
        if (mode === 'sealed') return unsealState(opts.keys.seal, binding(ctx), state, clock.now());
        // The TTL lives inside the token (`exp`), so any codec instance with this key and binding verifies it.
        return await codecFor(DEFAULT_STATE_TTL_SECONDS).verify(state, ctx);
      } catch (err) {
        opts.onReject?.(err instanceof Error ? err.message : String(err), mode, target);
        throw err;
      }
    },
  };
}
