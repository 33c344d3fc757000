/**
 * `provision`: the canonical one-question MRTR flow.
 * Round 1 asks for a region (form elicitation) and returns a signed requestState bound to this tool and its
 * arguments; the retry with an accepted region completes. Decline and cancel give distinct isError results.
 * A retry without state (a client that dropped it) is asked again; a bad state never reaches this code (the seam
 * answers -32602).
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

const PROVISION_REGIONS = ['us-east-1', 'eu-west-1', 'ap-south-1'] as const;

interface ProvisionState {
  step: 'region';
  name: string;
}

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    'provision',
    {
      title: 'Provision a database',
      description:
        'Asks which region to use (one form elicitation), then provisions. State is signed (SDK HMAC codec), ' +
        'bound to this tool and its arguments.',
      inputSchema: z.object({ name: z.string().min(1).meta({ title: 'Database name' }) }),
    },
    async ({ name }, sctx) => {
      const ask = async (note?: string) =>
        inputRequired({
          inputRequests: {
            ...(ctx.drift === 'provision'
              ? {
                  size: inputRequired.elicit({
                    mode: 'form',
                    message: `How large should ${name} be?`,
                    requestedSchema: {
                      type: 'object',
                      properties: { size: { type: 'string', title: 'Size', enum: ['small', 'large'] } },
                      required: ['size'],
                    },
                  }),
                }
              : {}),
            region: inputRequired.elicit({
              mode: 'form',
              message: `${note ? `${note} ` : ''}Which region should ${name} be provisioned in?`,
              requestedSchema: {
                type: 'object',
                properties: {
                  region: { type: 'string', title: 'Region', enum: [...PROVISION_REGIONS] },
                },
                required: ['region'],
              },
            }),
          },
          requestState: await ctx.state.mintSigned<ProvisionState>({ step: 'region', name }, sctx),
        });

      const state = sctx.mcpReq.requestState<ProvisionState>();
      if (state === undefined) return ask();

      const answer = inputResponse(sctx.mcpReq.inputResponses, 'region');
      if (answer.kind !== 'elicit') return ask();
      if (answer.action === 'decline') {
        return errorResult('Provisioning declined: no region chosen, nothing was created.');
      }
      if (answer.action === 'cancel') return errorResult('Provisioning cancelled by the user.');
      const region = answer.content?.region;
      if (typeof region !== 'string' || !(PROVISION_REGIONS as readonly string[]).includes(region)) {
        return ask(`"${String(region)}" is not one of the offered regions.`);
      }
      if (ctx.drift === 'provision') {
        const size = inputResponse(sctx.mcpReq.inputResponses, 'size');
        if (size.kind !== 'elicit' || size.action !== 'accept') return ask('Which size?');
        return textResult(`Provisioned ${name} in ${region} (v2, ${String(size.content?.size)})`);
      }
      return textResult(`Provisioned ${name} in ${region}`);
    },
  );
}
