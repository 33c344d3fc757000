/**
 * Fixtures the official conformance suite (@modelcontextprotocol/conformance) calls by name, for the
 * `input-required-result-*` server scenarios (the `server-stateless` ones are in stateless-fixtures.ts). Names and shapes follow those scenarios'
 * descriptions; `npm run test:conformance` (e2e/conformance/server-runner.ts) checks them.
 */
import { inputRequired, inputResponse, type InputRequests, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { textResult, type ScenarioContext } from './context.ts';

/** The yes/no form both requestState fixtures ask before they answer. */
const confirmForm = () =>
  inputRequired.elicit({
    mode: 'form',
    message: 'Please confirm',
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });

const NAME_SCHEMA = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const } },
  required: ['name'],
};

function acceptedString(
  responses: Record<string, unknown> | undefined,
  key: string,
  field: string,
): string | undefined {
  const view = inputResponse(responses, key);
  if (view.kind !== 'elicit' || view.action !== 'accept') return undefined;
  const value = view.content?.[field];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

export function register(server: McpServer, ctx: ScenarioContext): void {
  const noArgs = z.object({});

  // ── input-required-result-* ──────────────────────────────────────────────────────────────────
  server.registerTool(
    'test_input_required_result_elicitation',
    { description: 'Conformance (SEP-2322): one elicitation (user_name), then "Hello, <name>!"', inputSchema: noArgs },
    async (_args, sctx) => {
      const name = acceptedString(sctx.mcpReq.inputResponses, 'user_name', 'name');
      if (name === undefined) {
        return inputRequired({
          inputRequests: {
            user_name: inputRequired.elicit({
              mode: 'form',
              message: 'What is your name?',
              requestedSchema: NAME_SCHEMA,
            }),
          },
        });
      }
      return textResult(`Hello, ${name}!`);
    },
  );

  server.registerTool(
    'test_input_required_result_sampling',
    { description: 'Conformance (SEP-2322): one sampling request (capital_question)', inputSchema: noArgs },
    async (_args, sctx) => {
      const view = inputResponse(sctx.mcpReq.inputResponses, 'capital_question');
      if (view.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            capital_question: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
              maxTokens: 100,
            }),
          },
        });
      }
      const content = view.result.content;
      const text = (Array.isArray(content) ? content : [content])
        .map((c) => (c.type === 'text' ? c.text : ''))
        .join('');
      return textResult(`Sampling answered: ${text}`);
    },
  );

  server.registerTool(
    'test_input_required_result_list_roots',
    { description: 'Conformance (SEP-2322): one roots/list request (client_roots)', inputSchema: noArgs },
    async (_args, sctx) => {
      const view = inputResponse(sctx.mcpReq.inputResponses, 'client_roots');
      if (view.kind !== 'roots') return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
      return textResult(`Roots received: ${view.roots.map((r) => r.uri).join(', ') || '(none)'}`);
    },
  );

  server.registerTool(
    'test_input_required_result_request_state',
    {
      description: 'Conformance (SEP-2322): elicitation plus signed requestState; completes with "state-ok"',
      inputSchema: noArgs,
    },
    async (_args, sctx) => {
      const state = sctx.mcpReq.requestState<{ fixture: string }>();
      const view = inputResponse(sctx.mcpReq.inputResponses, 'confirm');
      if (state?.fixture !== 'request_state' || view.kind !== 'elicit') {
        return inputRequired({
          inputRequests: {
            confirm: confirmForm(),
          },
          requestState: await ctx.state.mintSigned({ fixture: 'request_state' }, sctx),
        });
      }
      return textResult('state-ok: requestState verified and confirmation received');
    },
  );

  server.registerTool(
    'test_input_required_result_multiple_inputs',
    {
      description: 'Conformance (SEP-2322): elicitation + sampling + roots/list in one round, with requestState',
      inputSchema: noArgs,
    },
    async (_args, sctx) => {
      const responses = sctx.mcpReq.inputResponses;
      const have = {
        user_name: inputResponse(responses, 'user_name').kind === 'elicit',
        greeting: inputResponse(responses, 'greeting').kind === 'sampling',
        client_roots: inputResponse(responses, 'client_roots').kind === 'roots',
      };
      const state = sctx.mcpReq.requestState();
      if (state !== undefined && have.user_name && have.greeting && have.client_roots) {
        return textResult('All three input responses received.');
      }
      const requests: InputRequests = {};
      if (state === undefined || !have.user_name) {
        requests.user_name = inputRequired.elicit({
          mode: 'form',
          message: 'What is your name?',
          requestedSchema: NAME_SCHEMA,
        });
      }
      if (state === undefined || !have.greeting) {
        requests.greeting = inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
          maxTokens: 50,
        });
      }
      if (state === undefined || !have.client_roots) requests.client_roots = inputRequired.listRoots();
      return inputRequired({
        inputRequests: requests,
        requestState: await ctx.state.mintSigned({ fixture: 'multiple_inputs' }, sctx),
      });
    },
  );

  server.registerTool(
    'test_input_required_result_multi_round',
    { description: 'Conformance (SEP-2322): two elicitation rounds with evolving requestState', inputSchema: noArgs },
    async (_args, sctx) => {
      const state = sctx.mcpReq.requestState<{ round: number; name?: string }>();
      const responses = sctx.mcpReq.inputResponses;
      const askStep1 = async () =>
        inputRequired({
          inputRequests: {
            step1: inputRequired.elicit({
              mode: 'form',
              message: 'Step 1: What is your name?',
              requestedSchema: NAME_SCHEMA,
            }),
          },
          requestState: await ctx.state.mintSigned({ round: 1 }, sctx),
        });
      const askStep2 = async (name: string) =>
        inputRequired({
          inputRequests: {
            step2: inputRequired.elicit({
              mode: 'form',
              message: 'Step 2: What is your favorite color?',
              requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
            }),
          },
          requestState: await ctx.state.mintSigned({ round: 2, name }, sctx),
        });
      if (state?.round === 1) {
        const name = acceptedString(responses, 'step1', 'name');
        return name === undefined ? askStep1() : askStep2(name);
      }
      if (state?.round === 2) {
        const color = acceptedString(responses, 'step2', 'color');
        if (color === undefined) return askStep2(state.name ?? '');
        return textResult(`Done: ${state.name} likes ${color}.`);
      }
      return askStep1();
    },
  );

  server.registerTool(
    'test_input_required_result_tampered_state',
    { description: 'Conformance (SEP-2322): signed requestState; a tampered retry gets -32602', inputSchema: noArgs },
    async (_args, sctx) => {
      const state = sctx.mcpReq.requestState<{ fixture: string }>();
      if (
        state?.fixture === 'tampered_state' &&
        inputResponse(sctx.mcpReq.inputResponses, 'confirm').kind === 'elicit'
      ) {
        return textResult('integrity-ok: requestState verified');
      }
      return inputRequired({
        inputRequests: {
          confirm: confirmForm(),
        },
        requestState: await ctx.state.mintSigned({ fixture: 'tampered_state' }, sctx),
      });
    },
  );

  server.registerTool(
    'test_input_required_result_capabilities',
    { description: 'Conformance (SEP-2322): asks only for input kinds the request declared', inputSchema: noArgs },
    async (_args, sctx) => {
      if (sctx.mcpReq.inputResponses !== undefined && Object.keys(sctx.mcpReq.inputResponses).length > 0) {
        return textResult('Capability-aware input requests fulfilled.');
      }
      const envelope = (sctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
      const declared = (envelope['io.modelcontextprotocol/clientCapabilities'] ?? {}) as Record<string, unknown>;
      const requests: InputRequests = {};
      if (declared.elicitation !== undefined) {
        requests.user_name = inputRequired.elicit({
          mode: 'form',
          message: 'What is your name?',
          requestedSchema: NAME_SCHEMA,
        });
      }
      if (declared.sampling !== undefined) {
        requests.greeting = inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'Generate a short greeting' } }],
          maxTokens: 50,
        });
      }
      if (declared.roots !== undefined) requests.client_roots = inputRequired.listRoots();
      if (Object.keys(requests).length === 0)
        return textResult('No declared client capability allows an input request.');
      return inputRequired({ inputRequests: requests });
    },
  );

  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'Conformance (SEP-2322): prompts/get asks an elicitation (user_context) first' },
    async (sctx) => {
      const context = acceptedString(sctx.mcpReq.inputResponses, 'user_context', 'context');
      if (context === undefined) {
        return inputRequired({
          inputRequests: {
            user_context: inputRequired.elicit({
              mode: 'form',
              message: 'What context should the prompt use?',
              requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
            }),
          },
        });
      }
      return {
        messages: [{ role: 'user', content: { type: 'text', text: `Use this context: ${context}` } }],
      };
    },
  );
}
