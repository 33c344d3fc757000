/**
 * `sign_in`: URL-mode elicitation. Round 1 starts a consent flow and asks the client to open
 * `<baseUrl>/consent/<flowId>` (flow id kept in the signed requestState). Until that flow is approved on the
 * consent page, every retry gets a state-only input_required ("still waiting"); after approval the retry completes.
 * Declining or cancelling the URL request ends the call with an isError result.
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

/** `_meta` key of the human-readable status note on "still waiting" legs. */
export const SIGN_IN_STATUS_META_KEY = 'mrtr-mock/status';

interface SignInState {
  flowId: string;
  polls: number;
}

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    'sign_in',
    {
      title: 'Sign in (URL-mode elicitation)',
      description:
        'Asks the client to open a consent page (URL-mode elicitation). Retries get a state-only "still waiting" ' +
        'input_required until the flow is approved on that page, then the call completes.',
      inputSchema: z.object({}),
    },
    async (_args, sctx) => {
      const startFlow = async (note?: string) => {
        const flowId = ctx.flows.create();
        const url = `${ctx.baseUrl().replace(/\/+$/, '')}/consent/${flowId}`;
        ctx.log(`[${ctx.instanceName}] sign_in: started consent flow ${flowId}`);
        return inputRequired({
          inputRequests: {
            sign_in: inputRequired.elicitUrl({
              message: `${note ? `${note} ` : ''}Sign in to mrtr-mock: open the page and press Approve, then retry.`,
              url,
            }),
          },
          requestState: await ctx.state.mintSigned<SignInState>({ flowId, polls: 0 }, sctx),
        });
      };

      const state = sctx.mcpReq.requestState<SignInState>();
      if (state === undefined) return startFlow();

      const answer = inputResponse(sctx.mcpReq.inputResponses, 'sign_in');
      if (answer.kind === 'elicit' && answer.action === 'decline') {
        return errorResult(`Sign-in declined: the consent page was not opened (flow ${state.flowId}).`);
      }
      if (answer.kind === 'elicit' && answer.action === 'cancel') {
        return errorResult(`Sign-in cancelled by the user (flow ${state.flowId}).`);
      }

      if (ctx.flows.get(state.flowId) === undefined) {
        return startFlow('The previous sign-in flow expired or the server restarted.');
      }
      if (ctx.flows.isApproved(state.flowId)) return textResult(`Signed in (flow ${state.flowId})`);

      // Still waiting: state-only leg, the client may retry after a short backoff. The note in `_meta` is for
      // humans reading the wire; clients must not depend on it.
      const waiting = inputRequired({
        requestState: await ctx.state.mintSigned<SignInState>({ flowId: state.flowId, polls: state.polls + 1 }, sctx),
      });
      return {
        ...waiting,
        _meta: {
          ...waiting._meta,
          [SIGN_IN_STATUS_META_KEY]: `still waiting: flow ${state.flowId} is not approved yet (poll ${state.polls + 1})`,
        },
      };
    },
  );
}
