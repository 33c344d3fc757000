/**
 * Interim conformance client for the 2025-11-25 client set, until the browser driver (`client-runner.ts` +
 * `driver.ts`) can run `journeys/legacy-2025.ts` in the real UI. It drives the product's client-edge
 * adapter (`src/client/legacy/legacy-session.ts`) the way the inspector does: initialize, list tools, call each
 * tool, and answer pushed requests the way the UI pre-fills them (elicitation defaults from the same
 * `toRjsf` the form uses; sampling and roots with fixed answers), then DELETE the session.
 *
 *   node --import tsx e2e/conformance/legacy-node-client.ts <server url>
 */
import { LegacySession, type PushedAnswer } from '../../src/client/legacy/legacy-session.ts';
import { toElicitContent, toRjsf } from '../../src/protocol/elicitation/to-rjsf.ts';
import type { JsonObject } from '../../src/protocol/types.ts';
import type { PushedRequest } from '../../src/client/legacy/messages.ts';

const url = process.argv[process.argv.length - 1]!;

function answerFor(request: PushedRequest): PushedAnswer {
  const params = request.params ?? {};
  switch (request.method) {
    case 'elicitation/create': {
      if (params.mode === 'url') return { result: { action: 'accept' } };
      const schema = (params.requestedSchema ?? {}) as JsonObject;
      return { result: { action: 'accept', content: toElicitContent(toRjsf(schema).formData, schema) } };
    }
    case 'sampling/createMessage':
      return {
        result: {
          role: 'assistant',
          content: { type: 'text', text: 'A reply' },
          model: 'inspector',
          stopReason: 'endTurn',
        },
      };
    case 'roots/list':
      return { result: { roots: [] } };
    case 'ping':
      return { result: {} };
    default:
      return { error: { code: -32601, message: `Method not found: ${request.method}` } };
  }
}

/** Arguments from an inputSchema: numbers 1, 2, ...; strings "test"; booleans true. */
function argumentsFor(schema: unknown): Record<string, unknown> {
  const props = (schema as { properties?: Record<string, { type?: string }> } | undefined)?.properties ?? {};
  const args: Record<string, unknown> = {};
  let n = 1;
  for (const [k, p] of Object.entries(props)) {
    if (p.type === 'number' || p.type === 'integer') args[k] = n++;
    else if (p.type === 'boolean') args[k] = true;
    else if (p.type === 'string') args[k] = 'test';
  }
  return args;
}

const session = new LegacySession({
  url,
  fetch: (input, init) => fetch(input, init),
  clientInfo: { name: 'mrtr-inspector', version: '0.1.0' },
  capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: { listChanged: true } },
  onExchange: ({ label, exchange }) =>
    console.error(`${label} -> ${exchange.response?.status ?? exchange.failure?.message}`),
});
const onPushed = async (r: PushedRequest) => answerFor(r);
await session.initialize();
// Servers may push requests outside any call (on the standalone GET stream): keep it open for the whole session.
const standalone = new AbortController();
const listening = session.listen(onPushed, standalone.signal);
const listed = await session.request('tools/list', {}, onPushed);
const tools = ((listed.result as { tools?: { name: string; inputSchema?: unknown }[] })?.tools ?? []) as {
  name: string;
  inputSchema?: unknown;
}[];
for (const tool of tools) {
  const res = await session.request(
    'tools/call',
    { name: tool.name, arguments: argumentsFor(tool.inputSchema) },
    onPushed,
  );
  console.error(`tools/call ${tool.name}: ${JSON.stringify(res).slice(0, 200)}`);
}
standalone.abort();
await listening;
await session.close();
