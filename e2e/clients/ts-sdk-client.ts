/**
 * An independent MCP client for the proxy journeys: the official TypeScript SDK's `Client`
 * (`@modelcontextprotocol/client`) calling one tool on the URL given (the inspector's proxy) and answering every
 * elicitation through its own `elicitation/create` handler. On 2026-07-28 (`modern`) that handler feeds the SDK's MRTR
 * auto-loop (an `input_required` answer is fulfilled and the call retried with `inputResponses` and the requestState,
 * inside `callTool`); on 2025-11-25 (`legacy`) it answers the request the server pushes on the call's stream.
 *
 * Prints one JSON line: {"text": ...} on success, {"error": {"code", "message"}} on a JSON-RPC error.
 *
 *   node --import tsx e2e/clients/ts-sdk-client.ts <url> <modern|legacy> <tool> [arguments JSON]
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const TS_CLIENT_INFO = { name: 'ts-watch-client', version: '2.4.0' };

interface Property {
  type?: string;
  default?: unknown;
  minimum?: number;
}

/** An accepted answer: each field's default, and a plain value for a required field without one. */
function acceptedContent(schema: { properties?: Record<string, Property>; required?: string[] }) {
  const content: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.default !== undefined) content[key] = property.default;
    else if (!schema.required?.includes(key)) continue;
    else if (property.type === 'boolean') content[key] = true;
    else if (property.type === 'number' || property.type === 'integer') content[key] = property.minimum ?? 1;
    else content[key] = 'watched';
  }
  // a confirmation asks for consent: give it
  if (schema.properties?.confirm?.type === 'boolean') content.confirm = true;
  return content as Record<string, string | number | boolean | string[]>;
}

async function main(url: string, era: string, tool: string, args: Record<string, unknown>): Promise<void> {
  const client = new Client(TS_CLIENT_INFO, {
    capabilities: { elicitation: { form: {} } },
    ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
  });
  client.setRequestHandler('elicitation/create', (request) => {
    const params = request.params as { requestedSchema?: Parameters<typeof acceptedContent>[0] };
    return Promise.resolve({ action: 'accept' as const, content: acceptedContent(params.requestedSchema ?? {}) });
  });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  try {
    await client.connect(transport);
    const result = await client.callTool({ name: tool, arguments: args });
    const content = (result.content ?? []) as { type: string; text?: string }[];
    const text = content.map((c) => c.text ?? '').join('');
    process.stdout.write(`${JSON.stringify({ text, isError: Boolean(result.isError) })}\n`);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'number') throw error;
    process.stdout.write(`${JSON.stringify({ error: { code, message: (error as Error).message } })}\n`);
  } finally {
    await client.close().catch(() => undefined);
  }
}

const [url, era = 'modern', tool = 'approve_payment_signed', args = '{}'] = process.argv.slice(2);
if (!url) throw new Error('usage: ts-sdk-client.ts <url> <modern|legacy> <tool> [arguments JSON]');
await main(url, era, tool, JSON.parse(args) as Record<string, unknown>);
