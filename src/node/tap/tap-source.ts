/**
 * One connected tap as a source of the hub's events, the same ones a proxy emits, so the page folds a stdio host's
 * traffic into watched conversations by the very rules it uses for HTTP clients. Each message becomes the exchange a
 * Streamable HTTP client would have made for it:
 *
 * - a host's request: a POST whose answer is the server's response with the same id (a JSON body; an SSE stream once
 *   the server writes something else while it is open: its pushed requests and notifications are events on it, as a
 *   2025-11-25 server's are on the call's stream);
 * - a host's notification, or its answer to a request the server pushed: a POST answered 202;
 * - what the server writes while no request of the host's is open: events on one GET stream;
 * - stderr lines, and lines that are no JSON-RPC message: `log` events.
 *
 * Holding is the hub's own (`hold`, `released`): the tap waits on its side for the decision sent back. Node-only.
 */
import type { Duplex } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { HeaderList } from '../../protocol/exchange.ts';
import { TAP_TARGET_PREFIX, type ProxyEvent, type ProxyInfo, type TapInfo } from '../../protocol/proxy-wire.ts';
import type { HeldDecision, TrafficHub } from '../proxy/traffic-hub.ts';
import { META_CLIENT_INFO } from '../../protocol/types.ts';
import type { FreshInstances } from './tap-fresh.ts';
import type { HubToTap, TapToHub } from './tap-wire.ts';

const JSON_HEADERS: HeaderList = [['content-type', 'application/json']];
const SSE_HEADERS: HeaderList = [['content-type', 'text/event-stream']];
/** A report line longer than this closes the channel (a 10 MB message is reported whole, far below it). */
const MAX_REPORT_CHARS = 256 * 1024 * 1024;

interface Parsed {
  method?: string;
  id?: string | number;
  response?: true;
  params?: Record<string, unknown>;
}

function parse(line: string): Parsed | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const m = JSON.parse(line) as Record<string, unknown>;
    const parsed: Parsed = {};
    if (typeof m.method === 'string') parsed.method = m.method;
    if (typeof m.id === 'string' || typeof m.id === 'number') parsed.id = m.id;
    if (parsed.method === undefined && ('result' in m || 'error' in m)) parsed.response = true;
    if (m.params && typeof m.params === 'object') parsed.params = m.params as Record<string, unknown>;
    return parsed;
  } catch {
    return undefined;
  }
}

/** A held item edited in the page goes on as one line: stdio frames a message by its line end. */
function oneLine(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.replace(/\r?\n/g, ' ');
  }
}

/** The host's name and version, from an initialize's clientInfo or a 2026-07-28 request's `_meta` clientInfo. */
function hostLabel(request: string | undefined): string | undefined {
  const params = request ? parse(request)?.params : undefined;
  const meta = params?._meta as Record<string, unknown> | undefined;
  const info = params?.clientInfo ?? meta?.[META_CLIENT_INFO];
  if (!info || typeof info !== 'object') return undefined;
  const { name, version } = info as { name?: unknown; version?: unknown };
  if (typeof name !== 'string') return undefined;
  return typeof version === 'string' ? `${name} ${version}` : name;
}

interface Open {
  id: string;
  /** the answer's head went out as an SSE stream (the server wrote something else while it was open) */
  sse: boolean;
}

/**
 * Serve one tap's connection (after its handshake) until it closes; with `fresh`, the page may ask the tap for fresh
 * instances of its server (tap-fresh.ts).
 */
export function serveTap(socket: Duplex, hub: TrafficHub, id: string, fresh?: FreshInstances): void {
  const target = 'stdio';
  let info: ProxyInfo | undefined;
  let instances: ReturnType<FreshInstances['register']> | undefined;
  const gone = new AbortController();
  /** the host's requests still waiting for the server's answer, by JSON-RPC id */
  const open = new Map<string, Open>();
  let stream: string | undefined;
  const emit = (event: ProxyEvent): void => hub.emit(event);
  const tell = (message: HubToTap): void => void socket.write(`${JSON.stringify(message)}\n`);
  const rpcKey = (rpcId: string | number): string => `${typeof rpcId}:${String(rpcId)}`;

  function exchange(method: string, body: string, at: number): string {
    const x = hub.exchangeId();
    emit({ type: 'request', proxyId: id, id: x, at, method, url: info?.target ?? target, headers: JSON_HEADERS, body });
    return x;
  }

  function accepted(x: string, at: number): void {
    emit({ type: 'response-head', id: x, at, status: 202, statusText: 'Accepted', headers: [] });
    emit({ type: 'response-end', id: x, at });
  }

  /** What the server wrote outside any answer: an event on the tap's one GET stream. */
  function onStream(line: string, at: number): void {
    if (stream === undefined) {
      stream = exchange('GET', '', at);
      emit({ type: 'response-head', id: stream, at, status: 200, statusText: 'OK', headers: SSE_HEADERS });
    }
    emit({ type: 'response-chunk', id: stream, at, text: `event: message\ndata: ${line}\n\n` });
  }

  async function held(
    x: string,
    stage: 'request' | 'response',
    line: string,
    sse: boolean,
  ): Promise<Exclude<HeldDecision, { kind: 'client-gone' }> | undefined> {
    const item = {
      id: x,
      stage,
      headers: stage === 'request' || !sse ? JSON_HEADERS : SSE_HEADERS,
      body: line,
      ...(stage === 'response' ? { status: 200 } : {}),
      ...(sse ? { sse: true as const } : {}),
    };
    const decision = await hub.hold(item, gone.signal);
    return decision.kind === 'client-gone' ? undefined : decision;
  }

  /** A host's message: a request (or notification) whose exchange opens now; held when `hold` is given. */
  function fromHost(line: string, at: number, hold: number | undefined): void {
    const m = parse(line);
    if (!m || (m.method === undefined && !m.response)) {
      emit({ type: 'log', proxyId: id, at, line, stream: 'stdin' });
      if (hold !== undefined) tell({ t: 'decide', hold, kind: 'forward' });
      return;
    }
    const current = hub.proxy(id);
    // the host names itself in a request's clientInfo: only such a line is read again for it
    if (m.method !== undefined && current?.tap && !current.tap.host && line.includes('clientInfo')) {
      const host = hostLabel(line);
      if (host) hub.addProxy({ ...current, tap: { ...current.tap, host } });
    }
    hub.count(id, 'requests');
    const x = exchange('POST', line, at);
    const rpcId = m.method !== undefined ? m.id : undefined;
    if (rpcId !== undefined) open.set(rpcKey(rpcId), { id: x, sse: false });
    // nothing held (most messages): no promise, no closure
    if (hold === undefined) {
      if (rpcId === undefined) accepted(x, hub.now());
      return;
    }
    void heldFromHost(x, line, hold, rpcId);
  }

  async function heldFromHost(
    x: string,
    line: string,
    hold: number,
    rpcId: string | number | undefined,
  ): Promise<void> {
    const d = await held(x, 'request', line, false);
    let sent: string | undefined = line;
    if (d?.kind === 'drop') {
      tell({ t: 'decide', hold, kind: 'drop' });
      sent = undefined;
    } else if (d) {
      const edited = d.body === undefined ? undefined : oneLine(d.body);
      tell({ t: 'decide', hold, kind: 'forward', ...(edited !== undefined ? { line: edited } : {}) });
      sent = edited ?? line;
    }
    if (sent === undefined) {
      if (rpcId !== undefined) open.delete(rpcKey(rpcId));
      emit({ type: 'response-end', id: x, at: hub.now(), failure: 'dropped in the inspector (held request)' });
      return;
    }
    if (sent !== line) emit({ type: 'request-sent', id: x, at: hub.now(), headers: JSON_HEADERS, body: sent });
    if (rpcId === undefined) accepted(x, hub.now());
  }

  /** The server's message: the answer to a host's request (held when `hold` is given), or what it writes besides. */
  function fromServer(line: string, at: number, hold: number | undefined): void {
    const m = parse(line);
    if (!m || (m.method === undefined && !m.response)) {
      emit({ type: 'log', proxyId: id, at, line, stream: 'stdout' });
      if (hold !== undefined) tell({ t: 'decide', hold, kind: 'forward' });
      return;
    }
    const answered = m.response && m.id !== undefined ? open.get(rpcKey(m.id)) : undefined;
    if (!answered) {
      if (hold !== undefined) tell({ t: 'decide', hold, kind: 'forward' });
      // a request or notification the server writes while the host waits on a request rides that request's answer
      const carrier = m.method !== undefined ? [...open.values()].at(-1) : undefined;
      if (!carrier) return onStream(line, at);
      if (!carrier.sse) {
        carrier.sse = true;
        emit({ type: 'response-head', id: carrier.id, at, status: 200, statusText: 'OK', headers: SSE_HEADERS });
      }
      emit({ type: 'response-chunk', id: carrier.id, at, text: `event: message\ndata: ${line}\n\n` });
      return;
    }
    open.delete(rpcKey(m.id!));
    const x = answered.id;
    if (!answered.sse) emit({ type: 'response-head', id: x, at, status: 200, statusText: 'OK', headers: JSON_HEADERS });
    if (hold === undefined) answer(x, line, answered.sse);
    else void heldAnswer(x, line, hold, answered.sse);
  }

  async function heldAnswer(x: string, line: string, hold: number, sse: boolean): Promise<void> {
    let out = line;
    const d = await held(x, 'response', line, sse);
    if (d?.kind === 'drop') {
      tell({ t: 'decide', hold, kind: 'drop' });
      emit({
        type: 'response-end',
        id: x,
        at: hub.now(),
        failure: "dropped in the inspector (held server's answer)",
      });
      return;
    }
    if (d?.kind === 'forward' && d.body !== undefined) out = oneLine(d.body);
    tell({ t: 'decide', hold, kind: 'forward', ...(out !== line ? { line: out } : {}) });
    answer(x, out, sse);
  }

  /** The answer's body goes to its exchange, which ends. */
  function answer(x: string, out: string, sse: boolean): void {
    emit({ type: 'response-chunk', id: x, at: hub.now(), text: sse ? `event: message\ndata: ${out}\n\n` : out });
    emit({ type: 'response-end', id: x, at: hub.now() });
    hub.count(id, 'responses');
  }

  function told(message: TapToHub): void {
    if (message.t === 'hello') {
      if (info) return;
      const command = Array.isArray(message.command) ? message.command.map(String) : [];
      const tap: TapInfo = { command };
      if (typeof message.name === 'string' && message.name) tap.name = message.name;
      const host = hostLabel(typeof message.introduced === 'string' ? message.introduced : undefined);
      if (host) tap.host = host;
      info = {
        id,
        url: 'stdio',
        target: `${TAP_TARGET_PREFIX}${command.join(' ')}`,
        holdRequests: false,
        holdResponses: false,
        counts: { requests: 0, responses: 0, refused: 0 },
        tap,
      };
      hub.watchHolds(id, (p) => tell({ t: 'holds', requests: p.holdRequests, responses: p.holdResponses }));
      hub.addProxy(info);
      instances = fresh?.register(id, tell, message.fresh === true);
      return;
    }
    if (!info) return;
    if ('fresh' in message) {
      instances?.told(message);
      return;
    }
    const at = typeof message.at === 'number' ? message.at : hub.now();
    switch (message.t) {
      case 'msg': {
        if (typeof message.line !== 'string') return;
        const hold = typeof message.hold === 'number' ? message.hold : undefined;
        (message.from === 'host' ? fromHost : fromServer)(message.line, at, hold);
        return;
      }
      case 'stderr':
        if (typeof message.line === 'string')
          emit({ type: 'log', proxyId: id, at, line: message.line, stream: 'stderr' });
        return;
      case 'exit': {
        const current = hub.proxy(id);
        if (current?.tap)
          hub.addProxy({ ...current, tap: { ...current.tap, exited: { code: message.code, signal: message.signal } } });
        return;
      }
    }
  }

  let buffered = '';
  // an upgraded HTTP socket keeps its bytes (its encoding cannot change): a decoder keeps characters whole
  const decoder = new StringDecoder('utf8');
  socket.on('data', (chunk: Buffer) => {
    const text = decoder.write(chunk);
    // a long report comes in many reads: only the new text is searched for its end
    let nl = text.indexOf('\n');
    buffered += text;
    if (nl === -1) {
      if (buffered.length > MAX_REPORT_CHARS) socket.destroy();
      return;
    }
    nl += buffered.length - text.length;
    let start = 0;
    while (nl !== -1) {
      try {
        told(JSON.parse(buffered.slice(start, nl)) as TapToHub);
      } catch {
        // not a report: skipped, the channel goes on
      }
      start = nl + 1;
      nl = buffered.indexOf('\n', start);
    }
    buffered = buffered.slice(start);
  });
  socket.on('error', () => socket.destroy());
  // an upgraded socket stays half-open when the tap's end closes (its process died): end ours, so 'close' comes
  socket.on('end', () => socket.destroy());
  socket.on('close', () => {
    // what it held ends as the client leaving; what was open ends unanswered
    gone.abort();
    for (const { id: x } of open.values())
      emit({ type: 'response-end', id: x, at: hub.now(), failure: 'the tap ended before the server answered' });
    if (stream) emit({ type: 'response-end', id: stream, at: hub.now() });
    open.clear();
    instances?.closed();
    hub.removeProxy(id);
  });
}
