/**
 * The reference tools of the conformance suite's server scenarios (`tools-call-*`, `json-schema-2020-12`), with the
 * names and result shapes those scenarios call: every kind of tool result content a server can send.
 *
 * - `test_simple_text`: one text block.
 * - `test_image_content`: one image block (PNG, media.ts).
 * - `test_audio_content`: one audio block (WAV, media.ts).
 * - `test_embedded_resource`: one embedded text resource (`test://embedded-resource`).
 * - `test_multiple_content_types`: text + image + embedded JSON resource.
 * - `test_error_handling`: the handler throws; the SDK turns it into `isError: true` with the message as text.
 * - `test_tool_with_progress`: progress 0/100, 50/100, 100/100 (~50 ms apart) when the request has a progressToken
 *   (the answer becomes an SSE stream), then a text result.
 * - `json_schema_2020_12_tool`: an inputSchema in JSON Schema 2020-12 served as written ($schema, $defs with
 *   $anchor, $ref, allOf/anyOf, if/then/else, additionalProperties false), and validated as written.
 */
import { fromJsonSchema, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';
import { A4_TONE_WAV, RED_SQUARE_PNG } from './media.ts';
import { streamProgress } from './progress-report.ts';

export const SIMPLE_TEXT = 'This is a simple text response for testing.';
export const ERROR_TEXT = 'This tool intentionally returns an error for testing';
export const EMBEDDED_RESOURCE_TEXT = 'This is an embedded resource content.';

/** The inputSchema of `json_schema_2020_12_tool`, exactly as the `json-schema-2020-12` scenario describes it. */
export const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
} as const;

interface Contact {
  name?: string;
  address?: { street?: string; city?: string };
  contactMethod?: 'phone' | 'email';
  phone?: string;
  email?: string;
}

const PROGRESS_STEPS = [0, 50, 100] as const;

export function register(server: McpServer, ctx: ScenarioContext): void {
  const noArgs = z.object({});

  server.registerTool(
    'test_simple_text',
    { description: 'Reference: returns one text block', inputSchema: noArgs },
    async () => textResult(SIMPLE_TEXT),
  );

  server.registerTool(
    'test_image_content',
    { description: 'Reference: returns one image block (16 x 16 red PNG)', inputSchema: noArgs },
    async () => ({ content: [{ type: 'image', data: RED_SQUARE_PNG, mimeType: 'image/png' }] }),
  );

  server.registerTool(
    'test_audio_content',
    { description: 'Reference: returns one audio block (200 ms 440 Hz WAV)', inputSchema: noArgs },
    async () => ({ content: [{ type: 'audio', data: A4_TONE_WAV, mimeType: 'audio/wav' }] }),
  );

  server.registerTool(
    'test_embedded_resource',
    { description: 'Reference: returns one embedded text resource', inputSchema: noArgs },
    async () => ({
      content: [
        {
          type: 'resource',
          resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: EMBEDDED_RESOURCE_TEXT },
        },
      ],
    }),
  );

  server.registerTool(
    'test_multiple_content_types',
    { description: 'Reference: returns text, an image and an embedded JSON resource', inputSchema: noArgs },
    async () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: RED_SQUARE_PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    }),
  );

  server.registerTool(
    'test_error_handling',
    { description: 'Reference: always fails; the result has isError true and the message', inputSchema: noArgs },
    async () => {
      throw new Error(ERROR_TEXT);
    },
  );

  server.registerTool(
    'test_tool_with_progress',
    {
      description: 'Reference: reports progress 0, 50, 100 of 100 (~50 ms apart) when given a progressToken',
      inputSchema: noArgs,
    },
    async (_args, sctx) => {
      const token = sctx.mcpReq._meta?.progressToken;
      const steps = PROGRESS_STEPS.map((progress) => ({ progress, total: 100 }));
      if (!(await streamProgress(ctx.clock, sctx, steps, 50)))
        return textResult('Progress tool aborted by the client.');
      return textResult(
        token === undefined ? 'Progress tool done (no progressToken, so no progress sent).' : 'Progress tool done.',
      );
    },
  );

  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description: 'Tool with JSON Schema 2020-12 features',
      inputSchema: fromJsonSchema<Contact>(JSON_SCHEMA_2020_12),
    },
    async (args) => {
      const via = args.contactMethod ?? (args.phone !== undefined ? 'phone' : 'email');
      const where = args.address?.city ? ` in ${args.address.city}` : '';
      return textResult(`Contact ${args.name ?? '(no name)'}${where} by ${via}: ${args[via] ?? '(missing)'}`);
    },
  );
}
