/**
 * Tools that exercise the 2026-07-28 request headers:
 * - `regional_lookup`: its `region` argument carries `"x-mcp-header": "Region"` in the inputSchema, so clients must
 *   mirror it into `Mcp-Param-Region` (base64 sentinel for non-safe values). The SDK checks the header against the
 *   body before dispatch; the result reports the raw header this server received and its decoded value.
 * - `café_order`: a non-ASCII tool name, so `Mcp-Name` must be sent as `=?base64?<base64 of UTF-8>?=`.
 */
import { fromJsonSchema, type JsonSchemaType, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';
import { fromBase64, fromUtf8 } from '../portable/portable-bytes.ts';

/** Decodes the `=?base64?...?=` sentinel; returns other values unchanged. */
export function decodeHeaderValue(value: string): string {
  const m = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  if (!m) return value;
  return fromUtf8(fromBase64(m[1] ?? ''));
}

/** `region` is mirrored into `Mcp-Param-Region`; `query` is not. Hand-written JSON so the annotation survives. */
const REGIONAL_LOOKUP_SCHEMA = {
  type: 'object',
  properties: {
    region: {
      type: 'string',
      title: 'Region',
      description: 'Mirrored into the Mcp-Param-Region request header',
      'x-mcp-header': 'Region',
      default: 'eu-west-1',
    },
    query: { type: 'string', title: 'Query', description: 'Not mirrored into a header' },
  },
  required: ['region'],
} as unknown as JsonSchemaType;

const CAFE_DRINKS = ['espresso', 'café au lait', 'crème brûlée latte'] as const;

/**
 * The SDK `console.warn`s (five lines) on every registration of a name outside `[A-Za-z0-9_.-]` (SEP-986), and the
 * main endpoint registers its tools once per HTTP request. The non-ASCII name is the point of `café_order`, so the
 * warning is silenced for that one synchronous call (nothing else can run in between).
 */
function withoutSdkNameWarning(register: () => void): void {
  const warn = console.warn;
  console.warn = () => {};
  try {
    register();
  } finally {
    console.warn = warn;
  }
}

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    'regional_lookup',
    {
      title: 'Regional lookup (Mcp-Param-Region header)',
      description:
        'The region argument is mirrored into the Mcp-Param-Region header (x-mcp-header). Reports the header value received.',
      inputSchema: fromJsonSchema<{ region: string; query?: string }>(REGIONAL_LOOKUP_SCHEMA),
    },
    async (args, sctx) => {
      const raw = ctx.requestHeaders(sctx).get('mcp-param-region');
      const decoded = raw === null ? null : decodeHeaderValue(raw);
      const headerText =
        raw === null
          ? 'no Mcp-Param-Region header'
          : raw === decoded
            ? `Mcp-Param-Region: ${raw}`
            : `Mcp-Param-Region: ${raw} (decoded: ${decoded})`;
      return textResult(
        `Lookup of ${JSON.stringify(args.query ?? '*')} in region ${args.region}. Received header ${headerText}; ` +
          `matches argument: ${decoded === args.region ? 'yes' : 'no'}.`,
      );
    },
  );

  withoutSdkNameWarning(() =>
    server.registerTool(
      'café_order',
      {
        title: 'Café order (non-ASCII tool name)',
        description: 'Its name is not ASCII, so Mcp-Name must use the =?base64?...?= sentinel.',
        inputSchema: z.object({
          drink: z.enum(CAFE_DRINKS).default('café au lait').meta({ title: 'Drink' }),
          size: z.enum(['small', 'large']).default('small').meta({ title: 'Size' }),
        }),
      },
      async ({ drink, size }, sctx) => {
        const raw = ctx.requestHeaders(sctx).get('mcp-name') ?? '';
        return textResult(`Order placed: ${size} ${drink}. (Mcp-Name header received: ${raw})`);
      },
    ),
  );
}
