import * as z from 'zod';

/**
 * zod schemas of the session as saved in files, share links and browser storage. Objects are loose: fields a newer
 * model adds (optional, JSON-safe) pass through untouched, so a round trip never drops them.
 */
const json = z.json();
const jsonObject = z.record(z.string(), json);
const rpcId = z.union([z.string(), z.number()]);
const headerList = z.array(z.tuple([z.string(), z.string()]));

const sseEvent = z.looseObject({
  event: z.string().optional(),
  id: z.string().optional(),
  data: z.string(),
  at: z.number(),
});

const recordedResponse = z.looseObject({
  status: z.int(),
  statusText: z.string(),
  headers: headerList,
  contentType: z.string(),
  body: z.string(),
  size: z.number().nonnegative(),
  sseEvents: z.array(sseEvent).optional(),
  truncated: z.boolean().optional(),
});

const exchangeSchema = z.looseObject({
  request: z.looseObject({
    url: z.string(),
    method: z.enum(['POST', 'GET', 'DELETE']),
    headers: headerList,
    body: z.string(),
  }),
  response: recordedResponse.optional(),
  failure: z
    .looseObject({ kind: z.enum(['network', 'abort', 'timeout', 'stream', 'too_large']), message: z.string() })
    .optional(),
  startedAt: z.number(),
  headersMs: z.number().optional(),
  durationMs: z.number().nonnegative(),
  viaRelay: z.boolean().optional(),
  message: json.optional(),
  notifications: z.array(json).optional(),
});

/** optional `_meta` members of a call (added later: absent in older files) */
const requestOptions = z.looseObject({
  progressToken: z.union([z.string(), z.number()]).optional(),
  logLevel: z.string().optional(),
  traceparent: z.string().optional(),
});

const sentFacts = z.looseObject({
  inputResponses: z.record(z.string(), jsonObject).optional(),
  answeredKeys: z.array(z.string()),
  unansweredKeys: z.array(z.string()),
  requestState: z.string().optional(),
  originalRequestState: z.string().optional(),
  requestStateEdited: z.boolean(),
  bodyEdited: z.boolean(),
  capabilities: jsonObject,
  params: jsonObject,
  requestOptions: requestOptions.optional(),
});

const legSchema = z.looseObject({
  id: z.string().min(1),
  conversationId: z.string().min(1),
  parentLegId: z.string().optional(),
  rpcId,
  exchange: exchangeSchema,
  /** recomputed from the exchange on load; only its kind is checked here */
  outcome: z.looseObject({
    kind: z.enum(['complete', 'input_required', 'task', 'error', 'invalid', 'transport']),
  }),
  sent: sentFacts,
});

const draftSchema = z.looseObject({
  afterLegId: z.string().optional(),
  rpcId,
  params: jsonObject,
  inputRequests: z.record(z.string(), z.looseObject({ method: z.string(), params: jsonObject.optional() })),
  answers: z.record(z.string(), jsonObject),
  originalRequestState: z.string().optional(),
  requestState: z.string().optional(),
  capabilities: jsonObject,
  extraHeaders: z.record(z.string(), z.string()),
  bodyOverride: z.string().optional(),
  answersByHand: z.literal(true).optional(),
  requestOptions: requestOptions.optional(),
});

const conversationSchema = z.looseObject({
  id: z.string().min(1),
  /** absent in sessions saved before kinds: read from the conversation's fields on load (kinds/registry.ts) */
  kind: z.string().optional(),
  title: z.string(),
  method: z.string().min(1),
  serverUrl: z.string(),
  createdAt: z.number(),
  inputSchema: jsonObject.optional(),
  params: jsonObject,
  legIds: z.array(z.string()),
  draft: draftSchema.optional(),
  inFlight: z.looseObject({ rpcId, startedAt: z.number() }).optional(),
  forkOf: z.looseObject({ conversationId: z.string(), legId: z.string() }).optional(),
  imported: z.looseObject({ source: z.enum(['file', 'link', 'demo']), name: z.string(), at: z.number() }).optional(),
  /** a task conversation (tasks extension) */
  task: z
    .looseObject({
      taskId: z.string().min(1),
      answeredKeys: z.array(z.string()),
      /** status notifications: each task is re-read on load (session-file.ts) */
      notices: z.array(z.looseObject({ at: z.number(), task: jsonObject })).optional(),
      /** a 2025-11-25 task (session/kinds/legacy-task/legacy-task-legs.ts) */
      era: z.literal('2025-11-25').optional(),
    })
    .optional(),
});

export const sessionSchema = z.looseObject({
  conversations: z.record(z.string(), conversationSchema),
  order: z.array(z.string()),
  legs: z.record(z.string(), legSchema),
  nextRpcId: z.int().positive(),
});
