/**
 * Reference fixtures the 2025-11-25 server requirement set of the conformance suite needs and the 2026-07-28 set
 * does not: `test_tool_with_logging`, `test_sampling`, `test_elicitation`, `test_elicitation_sep1034_defaults`,
 * `test_elicitation_sep1330_enums`, and `resources/subscribe` / `resources/unsubscribe`.
 *
 * The tools that need the client are written once, MRTR style (`inputRequired(...)`): on a 2026-07-28 request they
 * answer `input_required`; on a 2025-11-25 session the SDK's legacy shim pushes the same request to the client
 * (`elicitation/create`, `sampling/createMessage`) and re-enters the handler with the answer.
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

const noArgs = z.object({});

const SEP1034_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', default: 'John Doe' },
    age: { type: 'integer', title: 'Age', default: 30 },
    score: { type: 'number', title: 'Score', default: 95.5 },
    status: { type: 'string', title: 'Status', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', title: 'Verified', default: true },
  },
} as const;

const SEP1330_SCHEMA = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
    titledMulti: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
} as const;

/** A tool asking one form question under key `form`, then reporting the answer. */
function registerFormTool(
  server: McpServer,
  name: string,
  description: string,
  ask: (args: Record<string, unknown>) => { message: string; requestedSchema: Record<string, unknown> },
  inputSchema: z.ZodObject = noArgs,
  report: (action: string, content: unknown) => string = (action, content) =>
    `Elicitation completed: action=${action}, content=${JSON.stringify(content ?? {})}`,
): void {
  server.registerTool(name, { description, inputSchema }, async (args: Record<string, unknown>, sctx) => {
    const view = inputResponse(sctx.mcpReq.inputResponses, 'form');
    if (view.kind !== 'elicit') {
      const { message, requestedSchema } = ask(args);
      // The schemas are the suite's literal ones; the SDK's builder types them more narrowly than JSON allows.
      const params = { mode: 'form', message, requestedSchema } as Parameters<typeof inputRequired.elicit>[0];
      return inputRequired({ inputRequests: { form: inputRequired.elicit(params) } });
    }
    return textResult(report(view.action, view.content));
  });
}

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    'test_tool_with_logging',
    { description: 'Conformance (2025-11-25): three info log notifications, 50 ms apart', inputSchema: noArgs },
    async (_args, sctx) => {
      const pause = () => ctx.clock.sleep(50);
      await sctx.mcpReq.log('info', 'Tool execution started');
      await pause();
      await sctx.mcpReq.log('info', 'Tool processing data');
      await pause();
      await sctx.mcpReq.log('info', 'Tool execution completed');
      return textResult('Tool with logging executed: 3 log messages sent.');
    },
  );

  server.registerTool(
    'test_sampling',
    {
      description: 'Conformance (2025-11-25): asks the client for one sampling/createMessage',
      inputSchema: z.object({ prompt: z.string() }),
    },
    async ({ prompt }, sctx) => {
      const view = inputResponse(sctx.mcpReq.inputResponses, 'sampling');
      if (view.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            sampling: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
              maxTokens: 100,
            }),
          },
        });
      }
      const content = view.result.content;
      const text = (Array.isArray(content) ? content : [content])
        .map((c) => (c.type === 'text' ? c.text : ''))
        .join('');
      return text
        ? textResult(`LLM response: ${text}`)
        : errorResult('The client answered the sampling request with no text.');
    },
  );

  registerFormTool(
    server,
    'test_elicitation',
    'Conformance (2025-11-25): asks the client for a username and an email',
    (args) => ({
      message: typeof args.message === 'string' ? args.message : 'Please provide your information',
      requestedSchema: {
        type: 'object',
        properties: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      },
    }),
    z.object({ message: z.string() }),
    (action, content) => `User response: action=${action}, content=${JSON.stringify(content ?? {})}`,
  );

  registerFormTool(
    server,
    'test_elicitation_sep1034_defaults',
    'Conformance (SEP-1034): a form whose every primitive field has a default',
    () => ({ message: 'Confirm or change the defaults', requestedSchema: SEP1034_SCHEMA }),
  );

  registerFormTool(
    server,
    'test_elicitation_sep1330_enums',
    'Conformance (SEP-1330): all five enum variants in one form',
    () => ({ message: 'Pick from each kind of enum', requestedSchema: SEP1330_SCHEMA }),
  );
}

/**
 * `resources/subscribe` and `resources/unsubscribe` (2025-11-25 only; 2026-07-28 replaced them with
 * `subscriptions/listen`). Subscriptions are acknowledged with `{}` and kept per server instance; the mock never
 * changes a subscribed resource, so no `notifications/resources/updated` follows.
 */
export function registerSubscriptions(server: McpServer): void {
  const subscribed = new Set<string>();
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  server.server.setRequestHandler('resources/subscribe', async (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', async (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
}
