/**
 * MRTR outside tools/call:
 * - prompt `draft_email` (argument `topic`): prompts/get first asks a form (tone select), then returns messages.
 * - resource template `report://{year}/summary`: resources/read first asks a form (format select), then returns
 *   text contents (text/plain).
 * - static resource `mock://about` (plain text, no questions).
 * Both interactive ones use signed requestState bound to the method and the prompt name / resource URI.
 */
import { inputRequired, inputResponse, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import type { ScenarioContext } from './context.ts';

const TONES = [
  { const: 'formal', title: 'Formal' },
  { const: 'friendly', title: 'Friendly' },
  { const: 'terse', title: 'Terse' },
] as const;

const REPORT_FORMATS = ['plain', 'bullets', 'csv'] as const;
const REPORT_YEARS = ['2024', '2025', '2026'] as const;

function reportText(year: string, format: string): string {
  const rows: [string, number][] = [
    ['Q1', 118],
    ['Q2', 131],
    ['Q3', 127],
    ['Q4', 149],
  ];
  if (format === 'csv') return `quarter,orders_k\n${rows.map(([q, n]) => `${q},${n}`).join('\n')}\n`;
  if (format === 'bullets') return `Summary ${year}\n${rows.map(([q, n]) => `- ${q}: ${n}k orders`).join('\n')}\n`;
  return `Summary ${year}: ${rows.map(([q, n]) => `${q} ${n}k`).join(', ')} orders; best quarter Q4.\n`;
}

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerPrompt(
    'draft_email',
    {
      title: 'Draft an email (asks for a tone)',
      description: 'prompts/get asks a form (tone) before returning the messages.',
      argsSchema: z.object({ topic: z.string().describe('What the email is about') }),
    },
    async ({ topic }, sctx) => {
      const state = sctx.mcpReq.requestState<{ topic: string }>();
      const answer = inputResponse(sctx.mcpReq.inputResponses, 'tone');
      if (state === undefined || answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            tone: inputRequired.elicit({
              mode: 'form',
              message: `Which tone should the email about "${topic}" have?`,
              requestedSchema: {
                type: 'object',
                properties: {
                  tone: { type: 'string', title: 'Tone', oneOf: TONES.map((t) => ({ ...t })), default: 'friendly' },
                },
                required: ['tone'],
              },
            }),
          },
          requestState: await ctx.state.mintSigned({ topic }, sctx),
        });
      }
      const tone =
        answer.action === 'accept' && typeof answer.content?.tone === 'string' ? answer.content.tone : 'neutral';
      return {
        description: `Email about ${topic} (${tone} tone${answer.action === 'decline' ? ', tone question declined' : answer.action === 'cancel' ? ', tone question cancelled' : ''})`,
        messages: [
          {
            role: 'user',
            content: { type: 'text', text: `Draft a ${tone} email about: ${topic}. Keep it under 120 words.` },
          },
        ],
      };
    },
  );

  server.registerResource(
    'yearly_report',
    new ResourceTemplate('report://{year}/summary', {
      list: async () => ({
        resources: REPORT_YEARS.map((year) => ({
          uri: `report://${year}/summary`,
          name: `report_${year}`,
          title: `Summary report ${year}`,
          mimeType: 'text/plain',
        })),
      }),
    }),
    {
      title: 'Yearly summary report (asks for a format)',
      description: 'resources/read asks a form (format) before returning the text.',
      mimeType: 'text/plain',
    },
    async (uri, variables, sctx) => {
      const year = String(variables.year ?? '');
      const state = sctx.mcpReq.requestState<{ year: string }>();
      const answer = inputResponse(sctx.mcpReq.inputResponses, 'format');
      if (state === undefined || answer.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            format: inputRequired.elicit({
              mode: 'form',
              message: `How should the ${year} report be formatted?`,
              requestedSchema: {
                type: 'object',
                properties: {
                  format: { type: 'string', title: 'Format', enum: [...REPORT_FORMATS], default: 'plain' },
                },
                required: ['format'],
              },
            }),
          },
          requestState: await ctx.state.mintSigned({ year }, sctx),
        });
      }
      const format =
        answer.action === 'accept' && typeof answer.content?.format === 'string' ? answer.content.format : 'plain';
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: reportText(year, format) }] };
    },
  );

  server.registerResource(
    'about',
    'mock://about',
    { title: 'About this mock server', description: 'Static text, no questions asked.', mimeType: 'text/plain' },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/plain',
          text:
            `mrtr-mock (instance ${ctx.instanceName}): a mock MCP 2026-07-28 server for exercising multi-round-trip ` +
            `requests. Try tools/call provision, prompts/get draft_email or resources/read report://2025/summary.\n`,
        },
      ],
    }),
  );
}
