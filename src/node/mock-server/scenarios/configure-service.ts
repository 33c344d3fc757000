/**
 * `configure_service`: ONE form elicitation that uses every kind of the restricted elicitation schema
 * (mrtr-wire.md §4): strings with length limits and each `format`, number and integer ranges, boolean, the three
 * single-select spellings (untitled `enum`, titled `oneOf`, legacy `enum` + `enumNames`), both multi-select
 * spellings (`items.enum`, `items.anyOf`) with item limits, defaults and required fields.
 * The accepted content is validated here too; an invalid answer is asked again with the problems listed.
 * The result echoes the accepted content as pretty JSON.
 */
import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

const TIERS = ['free', 'pro', 'enterprise'] as const;
const ENVIRONMENTS = [
  { const: 'dev', title: 'Development' },
  { const: 'staging', title: 'Staging' },
  { const: 'prod', title: 'Production' },
] as const;
const LOG_LEVELS = ['debug', 'info', 'warn'] as const;
const REGIONS = ['us-east-1', 'eu-west-1', 'ap-south-1'] as const;
const FEATURES = [
  { const: 'metrics', title: 'Metrics' },
  { const: 'tracing', title: 'Distributed tracing' },
  { const: 'backups', title: 'Nightly backups' },
] as const;

/** The form, exactly as it goes on the wire. */
export const CONFIGURE_SERVICE_SCHEMA = {
  type: 'object' as const,
  properties: {
    service_name: {
      type: 'string' as const,
      title: 'Service name',
      description: '3 to 32 characters',
      minLength: 3,
      maxLength: 32,
      default: 'orders-api',
    },
    owner_email: { type: 'string' as const, title: 'Owner email', format: 'email' as const },
    docs_url: { type: 'string' as const, title: 'Documentation URL', format: 'uri' as const },
    launch_date: { type: 'string' as const, title: 'Launch date', format: 'date' as const },
    cutover_at: { type: 'string' as const, title: 'Cut-over time', format: 'date-time' as const },
    replicas: { type: 'integer' as const, title: 'Replicas', minimum: 1, maximum: 10, default: 2 },
    cpu_limit: { type: 'number' as const, title: 'CPU limit (cores)', minimum: 0.25, maximum: 8, default: 1.5 },
    public: { type: 'boolean' as const, title: 'Publicly reachable', default: false },
    tier: { type: 'string' as const, title: 'Tier', enum: [...TIERS], default: 'pro' },
    environment: { type: 'string' as const, title: 'Environment', oneOf: ENVIRONMENTS.map((e) => ({ ...e })) },
    log_level: {
      type: 'string' as const,
      title: 'Log level',
      enum: [...LOG_LEVELS],
      enumNames: ['Debug (verbose)', 'Info', 'Warnings only'],
      default: 'info',
    },
    regions: {
      type: 'array' as const,
      title: 'Regions',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string' as const, enum: [...REGIONS] },
      default: ['eu-west-1'],
    },
    features: {
      type: 'array' as const,
      title: 'Features',
      minItems: 0,
      maxItems: 3,
      items: { anyOf: FEATURES.map((f) => ({ ...f })) },
      default: ['metrics'],
    },
  },
  required: ['service_name', 'owner_email', 'tier', 'environment', 'regions'],
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const answerSchema = z.object({
  service_name: z.string().min(3).max(32),
  owner_email: z.email(),
  docs_url: z.url().optional(),
  launch_date: z.string().regex(isoDate, 'expected a date like 2026-07-28').optional(),
  cutover_at: z.iso.datetime({ offset: true, local: true }).optional(),
  replicas: z.int().min(1).max(10).optional(),
  cpu_limit: z.number().min(0.25).max(8).optional(),
  public: z.boolean().optional(),
  tier: z.enum(TIERS),
  environment: z.enum(['dev', 'staging', 'prod']),
  log_level: z.enum(LOG_LEVELS).optional(),
  regions: z.array(z.enum(REGIONS)).min(1).max(2),
  features: z
    .array(z.enum(['metrics', 'tracing', 'backups']))
    .max(3)
    .optional(),
});

interface ConfigureState {
  attempt: number;
}

export function register(server: McpServer, ctx: ScenarioContext): void {
  server.registerTool(
    'configure_service',
    {
      title: 'Configure a service (every form field kind)',
      description:
        'One form elicitation using every restricted-schema kind: string limits and formats (email, uri, date, ' +
        'date-time), number/integer ranges, boolean, three single-select spellings, two multi-select spellings, ' +
        'defaults and required fields. Echoes the accepted content.',
      inputSchema: z.object({}),
    },
    async (_args, sctx) => {
      const state = sctx.mcpReq.requestState<ConfigureState>();
      const ask = async (attempt: number, problems?: string) =>
        inputRequired({
          inputRequests: {
            config: inputRequired.elicit({
              mode: 'form',
              message: problems
                ? `Some answers were invalid, please fix them: ${problems}`
                : 'Configure the new service. Fields marked required must be filled in.',
              requestedSchema: CONFIGURE_SERVICE_SCHEMA,
            }),
          },
          requestState: await ctx.state.mintSigned<ConfigureState>({ attempt }, sctx),
        });

      const answer = inputResponse(sctx.mcpReq.inputResponses, 'config');
      if (state === undefined || answer.kind !== 'elicit') return ask(1);
      if (answer.action === 'decline') return errorResult('Configuration declined: the service was not configured.');
      if (answer.action === 'cancel') return errorResult('Configuration cancelled by the user.');
      const parsed = answerSchema.safeParse(answer.content ?? {});
      if (!parsed.success) {
        const problems = parsed.error.issues
          .map((issue) => `${issue.path.join('.') || '(form)'}: ${issue.message}`)
          .join('; ');
        return ask(state.attempt + 1, problems);
      }
      return textResult(`Service configured with:\n${JSON.stringify(answer.content, null, 2)}`);
    },
  );
}
