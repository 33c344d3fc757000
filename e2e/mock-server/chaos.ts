/**
 * The "chaos" endpoint of the mock MCP server: a hand-written (no SDK) MCP 2026-07-28 endpoint whose
 * discovery and tool listing are correct, but whose tools misbehave on purpose so the inspector's
 * failure displays can be exercised. Every case is documented in `chaos.md` (same folder).
 *
 * Routes (the mock server sends every pathname starting with `/chaos` here):
 * - `/chaos`                            one tool per misbehaviour (see CHAOS_TOOLS)
 * - `/chaos/tools-list-input-required`  same tools, but `tools/list` answers `input_required` (not allowed there)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyCors } from './cors.ts';

export const CHAOS_PROTOCOL_VERSION = '2026-07-28';
export const CHAOS_SERVER_INFO = { name: 'mrtr-chaos', version: '0.1.0' } as const;
/** Delay of the `slow_response` tool. */
export const SLOW_RESPONSE_MS = 30_000;
/** Approximate size of the `huge_result` text (characters, all ASCII). */
export const HUGE_RESULT_CHARS = 5 * 1024 * 1024;

const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const MAX_BODY_BYTES = 4 * 1024 * 1024;

type JsonObject = Record<string, unknown>;
type RpcId = string | number;

interface CallContext {
  req: IncomingMessage;
  res: ServerResponse;
  id: RpcId;
  params: JsonObject;
  /** `params._meta["io.modelcontextprotocol/clientCapabilities"]` of this request (`{}` when absent). */
  clientCapabilities: JsonObject;
}

export interface ChaosTool {
  name: string;
  title: string;
  description: string;
  run(ctx: CallContext): void | Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function serverMeta(): JsonObject {
  return { [META_SERVER_INFO]: { ...CHAOS_SERVER_INFO } };
}

function sendJson(res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    ...extraHeaders,
  });
  res.end(text);
}

function sendResult(res: ServerResponse, id: RpcId, result: JsonObject): void {
  sendJson(res, 200, { jsonrpc: '2.0', id, result });
}

function sendError(
  res: ServerResponse,
  status: number,
  id: RpcId | null,
  code: number,
  message: string,
  data?: unknown,
  extraHeaders?: Record<string, string>,
): void {
  sendJson(
    res,
    status,
    { jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined ? { data } : {}) } },
    extraHeaders,
  );
}

function textResult(text: string, extra: JsonObject = {}): JsonObject {
  return { resultType: 'complete', content: [{ type: 'text', text }], ...extra, _meta: serverMeta() };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Decodes the `=?base64?...?=` sentinel used for non-ASCII header values. */
function decodeHeaderValue(v: string): string {
  const m = /^=\?base64\?([A-Za-z0-9+/=_-]*)\?=$/.exec(v);
  return m ? Buffer.from(m[1] ?? '', 'base64').toString('utf8') : v;
}

function hasInputResponses(params: JsonObject): boolean {
  return isObject(params.inputResponses) && Object.keys(params.inputResponses).length > 0;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve('too_large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks));
      }
    });
    req.on('error', (err) => {
      if (!done) {
        done = true;
        reject(err);
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Deterministic payloads
// ---------------------------------------------------------------------------------------------

let hugeTextCache: string | undefined;

/** ~5 MB of deterministic ASCII text: fixed-width numbered lines, a header and an END marker. */
export function hugeResultText(): string {
  if (hugeTextCache !== undefined) return hugeTextCache;
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
  const lineWidth = 100; // 99 characters + newline
  const lines: string[] = [];
  const headerLine = `BEGIN huge_result: ${HUGE_RESULT_CHARS} characters of deterministic text, ${lineWidth} per line`;
  lines.push(headerLine.padEnd(lineWidth - 1, '.'));
  const count = Math.floor(HUGE_RESULT_CHARS / lineWidth) - 2;
  for (let i = 1; i <= count; i++) {
    let body = `line ${String(i).padStart(6, '0')}:`;
    let w = i;
    while (body.length < lineWidth - 1) {
      body += ' ' + (words[w % words.length] ?? 'x');
      w = (w * 7 + 3) % 1009;
    }
    lines.push(body.slice(0, lineWidth - 1));
  }
  lines.push(`END huge_result (${count} numbered lines). If you can read this, nothing was truncated.`);
  hugeTextCache = lines.join('\n');
  return hugeTextCache;
}

// ---------------------------------------------------------------------------------------------
// slow_response bookkeeping (so tests can prove the wait is abandoned on disconnect)
// ---------------------------------------------------------------------------------------------

const pendingSlow = new Set<NodeJS.Timeout>();

/** Number of `slow_response` calls currently waiting (drops when they answer or the client goes away). */
export function chaosPendingSlowResponses(): number {
  return pendingSlow.size;
}

// ---------------------------------------------------------------------------------------------
// The tools
// ---------------------------------------------------------------------------------------------

const NEVER_ADVANCES_STATE = 'chaos.never_advances.v1.same-every-time';

export const CHAOS_TOOLS: readonly ChaosTool[] = [
  {
    name: 'empty_input_required',
    title: 'input_required with nothing in it',
    description:
      'WRONG: answers {"resultType":"input_required"} with neither inputRequests nor requestState (at least one is required). ' +
      'A correct client flags the result as invalid (the TS SDK server would have sent -32603 instead), shows the raw result, ' +
      'and does not retry or loop.',
    run({ res, id }) {
      sendResult(res, id, { resultType: 'input_required' });
    },
  },
  {
    name: 'unknown_input_method',
    title: 'Input request with an unknown method',
    description:
      'WRONG: input_required whose only inputRequests entry has method "widgets/spin" (only elicitation/create, ' +
      'sampling/createMessage and roots/list exist). A correct client shows the entry raw without crashing, warns that it ' +
      'cannot render it, and lets the user type a raw JSON answer. A retry with any inputResponses (and the echoed ' +
      'requestState) completes normally.',
    run({ res, id, params }) {
      if (hasInputResponses(params)) {
        sendResult(
          res,
          id,
          textResult(
            `unknown_input_method: completed. Received inputResponses ${JSON.stringify(params.inputResponses)} ` +
              `and requestState ${JSON.stringify(params.requestState ?? null)}.`,
          ),
        );
        return;
      }
      sendResult(res, id, {
        resultType: 'input_required',
        inputRequests: {
          spin: { method: 'widgets/spin', params: { speed: 'fast', rounds: 3, message: 'Spin the widget, please' } },
        },
        requestState: 'chaos.unknown_input_method.round-1',
        _meta: serverMeta(),
      });
    },
  },
  {
    name: 'unknown_result_type',
    title: 'Unknown resultType',
    description:
      'WRONG: result has resultType "maybe_later" (only "complete" and "input_required" exist; an unknown value is invalid). ' +
      'A correct client reports an invalid result naming the value, shows the raw result, and does not treat the content ' +
      'as a success.',
    run({ res, id }) {
      sendResult(res, id, {
        resultType: 'maybe_later',
        content: [
          { type: 'text', text: 'If you see this as a successful result, your client ignored an unknown resultType.' },
        ],
        _meta: serverMeta(),
      });
    },
  },
  {
    name: 'missing_result_type',
    title: 'No resultType (treat as complete)',
    description:
      'NOT WRONG, just old-fashioned: a normal CallToolResult with no resultType field. An absent resultType means ' +
      '"complete"; a correct client shows it as a completed result (a lint may note the missing field).',
    run({ res, id }) {
      sendResult(res, id, {
        content: [
          {
            type: 'text',
            text: 'This result has no resultType field. An absent resultType means complete, so a correct client shows it as completed.',
          },
        ],
        isError: false,
        _meta: serverMeta(),
      });
    },
  },
  {
    name: 'malformed_json',
    title: 'Truncated JSON body',
    description:
      'WRONG: HTTP 200, Content-Type application/json, but the body is a JSON-RPC response cut off in the middle. ' +
      'A correct client reports a parse error (not a hang, not a blank result) and shows the raw body text.',
    run({ res, id }) {
      const full = JSON.stringify({
        jsonrpc: '2.0',
        id,
        result: textResult('This sentence is never delivered in full because the body is cut off halfway through.'),
      });
      const cut = full.slice(0, Math.floor(full.length / 2));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(cut)) });
      res.end(cut);
    },
  },
  {
    name: 'wrong_content_type',
    title: 'text/plain instead of JSON',
    description:
      'WRONG: HTTP 200 with Content-Type text/plain (a response must be application/json or text/event-stream). The body ' +
      'happens to be the JSON-RPC response text. A correct client reports the unexpected content type and shows the raw ' +
      'body rather than silently accepting it.',
    run({ res, id }) {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id,
        result: textResult('Delivered as text/plain. A strict client should not have accepted this as a result.'),
      });
      res.writeHead(200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
      });
      res.end(body);
    },
  },
  {
    name: 'html_500',
    title: 'HTTP 500 with an HTML page',
    description:
      'WRONG: HTTP 500 whose body is an HTML error page (what a crashed proxy or framework often sends), not JSON-RPC. ' +
      'A correct client shows the HTTP status and the start of the HTML body (escaped, never rendered as HTML).',
    run({ res }) {
      const html =
        '<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>\n' +
        '<body><h1>Internal Server Error</h1><p>The mrtr-chaos server crashed on purpose (html_500).</p>' +
        '<script>alert("an inspector must never render this page")</script></body></html>\n';
      res.writeHead(500, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(html)),
      });
      res.end(html);
    },
  },
  {
    name: 'sse_cut',
    title: 'SSE stream cut before the result',
    description:
      'WRONG: answers with text/event-stream, sends a keep-alive and one notifications/progress event, then closes the ' +
      'stream without ever sending the JSON-RPC response. A correct client shows the progress it received and then ' +
      '"stream ended without a response", not a spinner forever.',
    run({ res, params }) {
      const meta = isObject(params._meta) ? params._meta : {};
      const token =
        typeof meta.progressToken === 'string' || typeof meta.progressToken === 'number'
          ? meta.progressToken
          : 'chaos-sse-cut';
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });
      res.write(': keep-alive\n\n');
      const progress = {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: token, progress: 1, total: 3, message: 'step 1 of 3 (the stream will now be cut)' },
      };
      res.write(`event: message\ndata: ${JSON.stringify(progress)}\n\n`);
      const timer = setTimeout(() => res.end(), 50);
      res.on('close', () => clearTimeout(timer));
    },
  },
  {
    name: 'never_advances',
    title: 'input_required forever',
    description:
      'WRONG: every leg answers input_required with the same form question and the byte-identical requestState, whatever ' +
      'the answer. A correct client notices that the rounds do not advance (same state, same question), enforces its ' +
      'round limit (SDK default 10) and lets the user stop, instead of looping forever.',
    run({ res, id }) {
      sendResult(res, id, {
        resultType: 'input_required',
        inputRequests: {
          confirm: {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'Proceed? (Whatever you answer, this question comes back.)',
              requestedSchema: {
                type: 'object',
                properties: { proceed: { type: 'boolean', title: 'Proceed', default: true } },
                required: ['proceed'],
              },
            },
          },
        },
        requestState: NEVER_ADVANCES_STATE,
        _meta: serverMeta(),
      });
    },
  },
  {
    name: 'slow_response',
    title: 'Answers after 30 seconds',
    description:
      `SLOW: waits ${SLOW_RESPONSE_MS / 1000} s before answering (it stops waiting if the client disconnects). A correct client ` +
      'shows elapsed time and a cancel control; cancelling = aborting the HTTP request, after which the server gives up.',
    run({ res, id }) {
      const started = Date.now();
      const timer = setTimeout(() => {
        pendingSlow.delete(timer);
        sendResult(res, id, textResult(`slow_response: answered after ${Date.now() - started} ms.`));
      }, SLOW_RESPONSE_MS);
      pendingSlow.add(timer);
      res.on('close', () => {
        clearTimeout(timer);
        pendingSlow.delete(timer);
      });
    },
  },
  {
    name: 'huge_result',
    title: '~5 MB text result',
    description:
      'HEAVY: a valid complete result whose single text block is about 5 MB (deterministic numbered lines, ending in an ' +
      '"END huge_result" line). A correct client stays responsive: it truncates or virtualises the display and offers ' +
      'the full text for download/copy.',
    run({ res, id }) {
      sendResult(res, id, textResult(hugeResultText()));
    },
  },
  {
    name: 'invalid_schema_form',
    title: 'Form schema outside the restricted subset',
    description:
      'WRONG: input_required with an elicitation/create form whose requestedSchema has a nested object property ' +
      '("address") and a "$ref" property ("contact"); form schemas must be flat primitives. A correct client flags the ' +
      'schema as invalid, does not try to render it as a normal form, and offers a raw JSON answer or decline/cancel. ' +
      'A retry with any inputResponses completes.',
    run({ res, id, params }) {
      if (hasInputResponses(params)) {
        sendResult(
          res,
          id,
          textResult(
            `invalid_schema_form: completed. Received inputResponses ${JSON.stringify(params.inputResponses)}.`,
          ),
        );
        return;
      }
      sendResult(res, id, {
        resultType: 'input_required',
        inputRequests: {
          profile: {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'Tell us where to ship (this schema breaks the restricted subset).',
              requestedSchema: {
                type: 'object',
                $defs: { contact: { type: 'string', format: 'email' } },
                properties: {
                  address: {
                    type: 'object',
                    properties: { street: { type: 'string' }, city: { type: 'string' } },
                    required: ['street', 'city'],
                  },
                  contact: { $ref: '#/$defs/contact' },
                },
                required: ['address'],
              },
            },
          },
        },
        requestState: 'chaos.invalid_schema_form.round-1',
        _meta: serverMeta(),
      });
    },
  },
  {
    name: 'undeclared_capability',
    title: 'Asks for sampling without checking',
    description:
      'WRONG (when the request did not declare sampling): always answers input_required with a sampling/createMessage ' +
      'request, even if this request\'s clientCapabilities lack "sampling" (it should have answered 400 / -32021 with ' +
      'data.requiredCapabilities). A correct client lints "server asked for an undeclared capability" and does not ' +
      'silently sample. A retry with any inputResponses completes.',
    run({ res, id, params, clientCapabilities }) {
      const declared = isObject(clientCapabilities.sampling);
      if (hasInputResponses(params)) {
        sendResult(
          res,
          id,
          textResult(
            `undeclared_capability: completed (sampling was ${declared ? '' : 'NOT '}declared on this request). ` +
              `Received inputResponses ${JSON.stringify(params.inputResponses)}.`,
          ),
        );
        return;
      }
      sendResult(res, id, {
        resultType: 'input_required',
        inputRequests: {
          draft: {
            method: 'sampling/createMessage',
            params: {
              messages: [
                { role: 'user', content: { type: 'text', text: 'Write a haiku about retrying HTTP requests.' } },
              ],
              maxTokens: 100,
            },
          },
        },
        requestState: `chaos.undeclared_capability.round-1.sampling-${declared ? 'declared' : 'undeclared'}`,
        _meta: serverMeta(),
      });
    },
  },
];

const TOOLS_BY_NAME = new Map(CHAOS_TOOLS.map((t) => [t.name, t]));

function toolsListResult(): JsonObject {
  return {
    resultType: 'complete',
    tools: CHAOS_TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: { type: 'object', properties: {} },
    })),
    ttlMs: 0,
    cacheScope: 'private',
    _meta: serverMeta(),
  };
}

/** What `/chaos/tools-list-input-required` answers to tools/list: an interim result on a method that may not have one. */
function toolsListInputRequired(): JsonObject {
  return {
    resultType: 'input_required',
    inputRequests: {
      team: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'Which team are you on? (tools/list must never ask this)',
          requestedSchema: {
            type: 'object',
            properties: { team: { type: 'string', enum: ['red', 'blue'] } },
            required: ['team'],
          },
        },
      },
    },
    requestState: 'chaos.tools-list-input-required',
    _meta: serverMeta(),
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP entry
// ---------------------------------------------------------------------------------------------

type Variant = 'main' | 'tools-list-input-required';

function variantOf(path: string): Variant | undefined {
  const p = path.replace(/\/+$/, '') || '/';
  if (p === '/chaos') return 'main';
  if (p === '/chaos/tools-list-input-required') return 'tools-list-input-required';
  return undefined;
}

export async function handleChaos(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (applyCors(req, res)) return;

  const variant = variantOf(path);
  if (!variant) {
    sendError(res, 404, null, -32000, `Not found: ${path} (chaos endpoints: /chaos, /chaos/tools-list-input-required)`);
    return;
  }
  if (req.method !== 'POST') {
    sendError(res, 405, null, -32000, 'Method not allowed: this stateless endpoint only accepts POST.', undefined, {
      Allow: 'POST, OPTIONS',
    });
    return;
  }
  const contentType = header(req, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType.trim())) {
    sendError(res, 415, null, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    return;
  }

  let raw: Buffer | 'too_large';
  try {
    raw = await readBody(req, MAX_BODY_BYTES);
  } catch {
    return; // client went away mid-body
  }
  if (raw === 'too_large') {
    sendError(res, 413, null, -32000, `Payload Too Large: body exceeds ${MAX_BODY_BYTES} bytes`, undefined, {
      Connection: 'close',
    });
    return;
  }

  let msg: unknown;
  try {
    msg = JSON.parse(raw.toString('utf8'));
  } catch {
    sendError(res, 400, null, -32700, 'Parse error: the body is not valid JSON');
    return;
  }
  if (Array.isArray(msg)) {
    sendError(res, 400, null, -32600, 'Invalid Request: batches are not supported in 2026-07-28');
    return;
  }
  if (!isObject(msg) || msg.jsonrpc !== '2.0' || typeof msg.method !== 'string') {
    const id = isObject(msg) && (typeof msg.id === 'string' || typeof msg.id === 'number') ? msg.id : null;
    sendError(res, 400, id, -32600, 'Invalid Request: expected a JSON-RPC 2.0 request or notification');
    return;
  }

  // Notifications (no id): accepted, no body.
  if (!('id' in msg) || msg.id === undefined) {
    res.writeHead(202);
    res.end();
    return;
  }
  if (typeof msg.id !== 'string' && typeof msg.id !== 'number') {
    sendError(res, 400, null, -32600, 'Invalid Request: id must be a string or a number');
    return;
  }
  const id: RpcId = msg.id;
  const method = msg.method;
  const params: JsonObject = isObject(msg.params) ? msg.params : {};

  // Envelope + standard headers (the chaos server is correct here; its faults are in tools/call).
  const meta = isObject(params._meta) ? params._meta : undefined;
  const envelopeVersion = meta?.[META_PROTOCOL_VERSION];
  const headerVersion = header(req, 'mcp-protocol-version');
  if (typeof envelopeVersion !== 'string') {
    sendError(res, 400, id, -32602, `Invalid params: params._meta["${META_PROTOCOL_VERSION}"] is required`);
    return;
  }
  if (envelopeVersion !== CHAOS_PROTOCOL_VERSION) {
    sendError(res, 400, id, -32022, `Unsupported protocol version: ${envelopeVersion}`, {
      supported: [CHAOS_PROTOCOL_VERSION],
      requested: envelopeVersion,
    });
    return;
  }
  if (headerVersion === undefined) {
    sendError(res, 400, id, -32020, 'Bad Request: missing MCP-Protocol-Version header', {
      mismatch: { header: null, body: envelopeVersion },
    });
    return;
  }
  if (headerVersion !== envelopeVersion) {
    sendError(res, 400, id, -32020, 'Bad Request: MCP-Protocol-Version header and body envelope disagree', {
      mismatch: { header: headerVersion, body: envelopeVersion },
    });
    return;
  }
  if (!isObject(meta?.[META_CLIENT_CAPABILITIES])) {
    sendError(res, 400, id, -32602, `Invalid params: params._meta["${META_CLIENT_CAPABILITIES}"] is required`);
    return;
  }
  const clientCapabilities = meta[META_CLIENT_CAPABILITIES] as JsonObject;
  const methodHeader = header(req, 'mcp-method');
  if (methodHeader !== method) {
    sendError(
      res,
      400,
      id,
      -32020,
      methodHeader === undefined
        ? 'Bad Request: missing Mcp-Method header'
        : 'Bad Request: Mcp-Method header and body disagree',
      { mismatch: { header: methodHeader ?? null, body: method } },
    );
    return;
  }

  switch (method) {
    case 'server/discover':
      sendResult(res, id, {
        resultType: 'complete',
        supportedVersions: [CHAOS_PROTOCOL_VERSION],
        capabilities: { tools: {} },
        instructions:
          'mrtr-chaos: every tool misbehaves on purpose (see each tool description). Nothing here is a bug in your client ' +
          'unless your client fails to show the failure clearly.',
        ttlMs: 0,
        cacheScope: 'private',
        _meta: serverMeta(),
      });
      return;
    case 'tools/list':
      sendResult(res, id, variant === 'tools-list-input-required' ? toolsListInputRequired() : toolsListResult());
      return;
    case 'tools/call': {
      const name = params.name;
      const nameHeader = header(req, 'mcp-name');
      const decodedName = nameHeader === undefined ? undefined : decodeHeaderValue(nameHeader);
      if (decodedName !== name) {
        sendError(
          res,
          400,
          id,
          -32020,
          nameHeader === undefined
            ? 'Bad Request: missing Mcp-Name header'
            : 'Bad Request: Mcp-Name header and body disagree',
          { mismatch: { header: nameHeader ?? null, body: name ?? null } },
        );
        return;
      }
      const tool = typeof name === 'string' ? TOOLS_BY_NAME.get(name) : undefined;
      if (!tool) {
        sendError(res, 200, id, -32602, `Unknown tool: ${String(name)}`);
        return;
      }
      await tool.run({ req, res, id, params, clientCapabilities });
      return;
    }
    default:
      sendError(res, 404, id, -32601, `Method not found: ${method}`);
  }
}
