/**
 * The "chaos" endpoint of the mock MCP server: a hand-written (no SDK) MCP 2026-07-28 endpoint whose
 * discovery and tool listing are correct, but whose tools misbehave on purpose so the inspector's
 * failure displays can be exercised. Every case is documented in `chaos.md` (same folder); the cases
 * themselves live in `chaos/` (transport, MRTR, slow/huge), this file is routing and JSON-RPC plumbing.
 *
 * Routes (the mock server sends every pathname starting with `/chaos` here):
 * - `/chaos`                            one tool per misbehaviour (see CHAOS_TOOLS)
 * - `/chaos/tools-list-input-required`  same tools, but `tools/list` answers `input_required` (not allowed there)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  emptyInputRequired,
  invalidSchemaForm,
  missingResultType,
  neverAdvances,
  toolsListInputRequired,
  undeclaredCapability,
  unknownInputMethod,
  unknownResultType,
} from './chaos/mrtr-cases.ts';
import { sendError, sendResult, serverMeta } from './chaos/shared.ts';
import type { ChaosTool, JsonObject, RpcId } from './chaos/shared.ts';
import { hugeResult, slowResponse } from './chaos/slow-huge-cases.ts';
import { html500, malformedJson, sseCut, wrongContentType } from './chaos/transport-cases.ts';
import { applyCors } from './cors.ts';
import { isJsonObject } from '../../protocol/types.ts';

const CHAOS_PROTOCOL_VERSION = '2026-07-28';

const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const MAX_BODY_BYTES = 4 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Decodes the `=?base64?...?=` sentinel used for non-ASCII header values. */
function decodeHeaderValue(v: string): string {
  const m = /^=\?base64\?([A-Za-z0-9+/=_-]*)\?=$/.exec(v);
  return m ? Buffer.from(m[1] ?? '', 'base64').toString('utf8') : v;
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
// The tools (order = tools/list order)
// ---------------------------------------------------------------------------------------------

export const CHAOS_TOOLS: readonly ChaosTool[] = [
  emptyInputRequired,
  unknownInputMethod,
  unknownResultType,
  missingResultType,
  malformedJson,
  wrongContentType,
  html500,
  sseCut,
  neverAdvances,
  slowResponse,
  hugeResult,
  invalidSchemaForm,
  undeclaredCapability,
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
  if (!isJsonObject(msg) || msg.jsonrpc !== '2.0' || typeof msg.method !== 'string') {
    const id = isJsonObject(msg) && (typeof msg.id === 'string' || typeof msg.id === 'number') ? msg.id : null;
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
  const params: JsonObject = isJsonObject(msg.params) ? msg.params : {};

  // Envelope + standard headers (the chaos server is correct here; its faults are in tools/call).
  const meta = isJsonObject(params._meta) ? params._meta : undefined;
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
  if (!isJsonObject(meta?.[META_CLIENT_CAPABILITIES])) {
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
