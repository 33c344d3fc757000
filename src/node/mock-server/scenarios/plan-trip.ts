/**
 * `plan_trip`: ONE round holding three input requests of different kinds at once:
 * `preferences` (form elicitation), `summary` (sampling/createMessage) and `workspace` (roots/list).
 * Answers that arrived are kept in the signed requestState; if some are missing, only those are asked again.
 * Completes with text using all three answers.
 */
import { inputRequired, inputResponse, type InputRequests, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

interface TripState {
  preferences?: { budget: number; style: string };
  summary?: { model: string; text: string };
  roots?: { uri: string; name?: string }[];
}

const preferencesAnswer = z.object({
  budget: z.number().min(100).max(20000),
  style: z.enum(['relaxed', 'adventurous', 'cultural']),
});

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    'plan_trip',
    {
      title: 'Plan a trip (three input kinds in one round)',
      description:
        'One round with three input requests at once: a form (preferences), a sampling request (summary) and ' +
        'roots/list (workspace). Missing answers are asked again, answered ones are kept in the signed state.',
      inputSchema: z.object({ destination: z.string().min(1).default('Lisbon').meta({ title: 'Destination' }) }),
    },
    async ({ destination }, sctx) => {
      const gathered: TripState = { ...(sctx.mcpReq.requestState<TripState>() ?? {}) };
      const responses = sctx.mcpReq.inputResponses;

      const prefs = inputResponse(responses, 'preferences');
      if (prefs.kind === 'elicit') {
        if (prefs.action !== 'accept') {
          const what = prefs.action === 'decline' ? 'declined' : 'cancelled';
          return errorResult(`Trip planning stopped: the preferences form was ${what}. Nothing was planned.`);
        }
        const parsed = preferencesAnswer.safeParse(prefs.content);
        if (parsed.success) gathered.preferences = parsed.data;
      }
      const summary = inputResponse(responses, 'summary');
      if (summary.kind === 'sampling') {
        const content = summary.result.content;
        const text = Array.isArray(content)
          ? content.map((c) => (c.type === 'text' ? c.text : '')).join('')
          : content.type === 'text'
            ? content.text
            : '';
        if (text) gathered.summary = { model: summary.result.model, text };
      }
      const workspace = inputResponse(responses, 'workspace');
      if (workspace.kind === 'roots') {
        gathered.roots = workspace.roots.map((r) => ({ uri: r.uri, ...(r.name ? { name: r.name } : {}) }));
      }

      const missing: InputRequests = {};
      if (!gathered.preferences) {
        missing.preferences = inputRequired.elicit({
          mode: 'form',
          message: `Trip preferences for ${destination}`,
          requestedSchema: {
            type: 'object',
            properties: {
              budget: { type: 'integer', title: 'Budget (EUR)', minimum: 100, maximum: 20000, default: 1500 },
              style: {
                type: 'string',
                title: 'Travel style',
                oneOf: [
                  { const: 'relaxed', title: 'Relaxed' },
                  { const: 'adventurous', title: 'Adventurous' },
                  { const: 'cultural', title: 'Cultural' },
                ],
              },
            },
            required: ['budget', 'style'],
          },
        });
      }
      if (!gathered.summary) {
        missing.summary = inputRequired.createMessage({
          messages: [
            {
              role: 'user',
              content: {
                type: 'text',
                text: `Suggest a three-day itinerary for ${destination} in five short bullet points.`,
              },
            },
          ],
          systemPrompt: 'You are a concise travel planner. Answer in plain text.',
          modelPreferences: {
            hints: [{ name: 'claude' }, { name: 'gpt' }],
            intelligencePriority: 0.6,
            speedPriority: 0.5,
            costPriority: 0.3,
          },
          maxTokens: 400,
          temperature: 0.7,
        });
      }
      if (!gathered.roots) missing.workspace = inputRequired.listRoots();

      if (Object.keys(missing).length > 0) {
        return inputRequired({
          inputRequests: missing,
          requestState: await ctx.state.mintSigned<TripState>(gathered, sctx),
        });
      }

      const { preferences, summary: itinerary, roots } = gathered as Required<TripState>;
      const folder = roots[0] ? `${roots[0].uri}${roots[0].name ? ` (${roots[0].name})` : ''}` : '(no roots shared)';
      return textResult(
        `Trip to ${destination}: ${preferences.style} style, budget ${preferences.budget} EUR.\n` +
          `Itinerary from ${itinerary.model}:\n${itinerary.text}\n` +
          `Plan would be saved under ${folder}; ${roots.length} root(s) shared.`,
      );
    },
  );
}
