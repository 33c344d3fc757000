/**
 * requestState protection for the main endpoint, in the three forms real servers use (mrtr-wire.md §3):
 *
 * - `signed`: the SDK's `createRequestStateCodec` (HMAC-SHA256, readable `v1.<body>.<mac>`), with a TTL and a
 *   bind tag over `method + name + sha256(canonical arguments)`, so a token lifted from another tool, prompt,
 *   resource or argument set is refused.
 * - `sealed`: AES-256-GCM, opaque base64url `iv || ciphertext || tag`; the same binding string is the
 *   GCM additional data, and the plaintext carries an expiry.
 * - `none`: plain base64url JSON that the tool trusts. Deliberately unsafe, for the side-by-side demo.
 *
 * Every key is derived from the one `stateKey` given to `createMainHandler`, so instances built with the same key
 * (the fleet's shared mode) accept each other's state and instances with different keys do not.
 * The cryptography comes through `MockCrypto` (portable/mock-crypto.ts: node:crypto in the Node mock, WebCrypto in
 * the page's demo server), so it is async: a request's binding is computed before the SDK codec (whose `bind` is
 * synchronous) needs it. Any verification failure throws; the SDK seam turns that into the frozen
 * `-32602 "Invalid or expired requestState"` error and only the server log sees the reason.
 */
import { createRequestStateCodec, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { realClock, type Clock } from '../clock.ts';
import { isJsonObject } from '../../protocol/types.ts';
import { concatBytes, fromBase64, fromUtf8, randomBytes, toBase64Url, utf8 } from './portable/portable-bytes.ts';
import type { MockCrypto } from './portable/mock-crypto.ts';

export type StateMode = 'signed' | 'sealed' | 'none';

/** Default lifetime of signed and sealed state. */
const DEFAULT_STATE_TTL_SECONDS = 600;
/** Lifetime used by `approve_payment_short_ttl` unless overridden. */
const DEFAULT_SHORT_TTL_SECONDS = 5;

export interface DerivedStateKeys {
  sign: Uint8Array;
  seal: Uint8Array;
}

/** Derives independent signing and sealing keys (32 bytes each) from any-length key material. */
export async function deriveStateKeys(stateKey: Uint8Array | string, crypto: MockCrypto): Promise<DerivedStateKeys> {
  const material = typeof stateKey === 'string' ? utf8(stateKey) : stateKey;
  if (material.byteLength === 0) throw new RangeError('stateKey must not be empty');
  const derive = (label: string) => crypto.hmacSha256(material, utf8(`mrtr-mock/${label}/v1`));
  const [sign, seal] = await Promise.all([derive('sign'), derive('seal')]);
  return { sign, seal };
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
export async function argumentsDigest(args: unknown, crypto: MockCrypto): Promise<string> {
  return toBase64Url(await crypto.sha256(utf8(canonicalJson(args ?? {}))));
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

export async function bindingOf(target: RequestTarget, crypto: MockCrypto): Promise<string> {
  return `mrtr-mock\u0000${target.method}\u0000${target.name}\u0000${await argumentsDigest(target.arguments, crypto)}`;
}

// ---------------------------------------------------------------------------------------------
// sealed (AES-256-GCM)
// ---------------------------------------------------------------------------------------------

const IV_BYTES = 12;
const TAG_BYTES = 16;

const epochSeconds = (nowMs: number) => Math.floor(nowMs / 1000);

/** `nowMs`: the time the token is sealed at (its `exp` is `ttlSeconds` later); default the real clock. */
export async function sealState(
  crypto: MockCrypto,
  key: Uint8Array,
  binding: string,
  payload: unknown,
  ttlSeconds: number,
  nowMs = realClock.now(),
): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const plaintext = utf8(JSON.stringify({ p: payload, exp: epochSeconds(nowMs) + ttlSeconds }));
  const sealed = await crypto.aesGcmSeal(key, iv, utf8(binding), plaintext);
  return toBase64Url(concatBytes(iv, sealed));
}

/** Rejects with an Error whose message is an opaque reason (`malformed`, `decrypt`, `expired` at `nowMs`). */
export async function unsealState<T = unknown>(
  crypto: MockCrypto,
  key: Uint8Array,
  binding: string,
  token: string,
  nowMs = realClock.now(),
): Promise<T> {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new Error('malformed');
  const raw = fromBase64(token);
  if (raw.byteLength < IV_BYTES + TAG_BYTES + 1) throw new Error('malformed');
  let plaintext: Uint8Array;
  try {
    plaintext = await crypto.aesGcmOpen(key, raw.subarray(0, IV_BYTES), utf8(binding), raw.subarray(IV_BYTES));
  } catch {
    throw new Error('decrypt');
  }
  let envelope: { p?: unknown; exp?: unknown };
  try {
    envelope = JSON.parse(fromUtf8(plaintext)) as { p?: unknown; exp?: unknown };
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
  return toBase64Url(utf8(JSON.stringify(payload)));
}

/** Returns `undefined` when the token is not base64url JSON of an object. */
export function decodePlainState<T extends object = Record<string, unknown>>(token: string): T | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(token)) return undefined;
  try {
    const value: unknown = JSON.parse(fromUtf8(fromBase64(token)));
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
  mintSealed(payload: unknown, ctx: ServerContext, opts?: { ttlSeconds?: number }): Promise<string>;
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
  /** Derived once per endpoint (`deriveStateKeys`), awaited at the first mint or verify. */
  keys: Promise<DerivedStateKeys>;
  crypto: MockCrypto;
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
  // A request's binding is computed once however often it is minted or verified against. The SDK codec's `bind`
  // is synchronous, so `ready(ctx)` computes it (async: a digest) before the codec runs, and `bound` reads it there.
  const bindings = new WeakMap<RequestTarget, Promise<string>>();
  const computed = new WeakMap<RequestTarget, string>();
  const ready = (ctx: ServerContext): Promise<string> => {
    const target = opts.target(ctx);
    let value = bindings.get(target);
    if (value === undefined) {
      value = bindingOf(target, opts.crypto).then((b) => {
        computed.set(target, b);
        return b;
      });
      bindings.set(target, value);
    }
    return value;
  };
  const bound = (ctx: ServerContext): string => {
    const value = computed.get(opts.target(ctx));
    if (value === undefined) throw new Error('binding');
    return value;
  };
  const toolModes = new Map<string, StateMode>();
  const codecs = new Map<number, Promise<RequestStateCodec>>();
  const codecFor = (ttlSeconds: number): Promise<RequestStateCodec> => {
    let codec = codecs.get(ttlSeconds);
    if (!codec) {
      codec = opts.keys.then((keys) => createRequestStateCodec({ key: keys.sign, ttlSeconds, bind: bound }));
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
    async mintSigned(payload, ctx, mintOpts) {
      const [codec] = await Promise.all([codecFor(mintOpts?.ttlSeconds ?? DEFAULT_STATE_TTL_SECONDS), ready(ctx)]);
      return codec.mint(payload, ctx);
    },
    async mintSealed(payload, ctx, mintOpts) {
      const ttl = mintOpts?.ttlSeconds ?? DEFAULT_STATE_TTL_SECONDS;
      const [keys, binding] = await Promise.all([opts.keys, ready(ctx)]);
      return sealState(opts.crypto, keys.seal, binding, payload, ttl, clock.now());
    },
    encodePlain: encodePlainState,
    decodePlain: decodePlainState,
    async verify(state, ctx) {
      const target = opts.target(ctx);
      const mode = modeOf(target);
      try {
        if (mode === 'none') return undefined; // the handler reads (and trusts) the raw string
        const binding = await ready(ctx);
        if (mode === 'sealed') {
          return await unsealState(opts.crypto, (await opts.keys).seal, binding, state, clock.now());
        }
        // The TTL lives inside the token (`exp`), so any codec instance with this key and binding verifies it.
        return await (await codecFor(DEFAULT_STATE_TTL_SECONDS)).verify(state, ctx);
      } catch (err) {
        opts.onReject?.(err instanceof Error ? err.message : String(err), mode, target);
        throw err;
      }
    },
  };
}
