/**
 * Chaos cases that break the MRTR (multi-round-trip) result rules: bad `resultType`s, malformed or unrenderable
 * `inputRequests`, rounds that never advance, undeclared capabilities, and `input_required` on tools/list.
 * Documented in `../chaos.md`.
 */
import {
  completeRetryEchoing,
  inputRequiredResult,
  sendResult,
  serverMeta,
  type ChaosTool,
  type JsonObject,
} from './shared.ts';
import { isJsonObject } from '../../../protocol/types.ts';

const NEVER_ADVANCES_STATE = 'chaos.never_advances.v1.same-every-time';

export const emptyInputRequired: ChaosTool = {
  name: 'empty_input_required',
  title: 'input_required with nothing in it',
  description:
    'WRONG: answers {"resultType":"input_required"} with neither inputRequests nor requestState (at least one is required). ' +
    'A correct client flags the result as invalid (the TS SDK server would have sent -32603 instead), shows the raw result, ' +
    'and does not retry or loop.',
  run({ res, id }) {
    sendResult(res, id, { resultType: 'input_required' });
  },
};

export const unknownInputMethod: ChaosTool = {
  name: 'unknown_input_method',
  title: 'Input request with an unknown method',
  description:
    'WRONG: input_required whose only inputRequests entry has method "widgets/spin" (only elicitation/create, ' +
    'sampling/createMessage and roots/list exist). A correct client shows the entry raw without crashing, warns that it ' +
    'cannot render it, and lets the user type a raw JSON answer. A retry with any inputResponses (and the echoed ' +
    'requestState) completes normally.',
  run(ctx) {
    if (completeRetryEchoing(ctx, 'unknown_input_method: completed.', { echoRequestState: true })) return;
    sendResult(
      ctx.res,
      ctx.id,
      inputRequiredResult(
        { spin: { method: 'widgets/spin', params: { speed: 'fast', rounds: 3, message: 'Spin the widget, please' } } },
        'chaos.unknown_input_method.round-1',
      ),
    );
  },
};

export const unknownResultType: ChaosTool = {
  name: 'unknown_result_type',
  title: 'Unknown resultType',
  description:
    'WRONG: result has resultType "maybe_later" (only "complete" and "input_required" exist; an unknown value is invalid). ' +
    'A correct client reports an invalid result naming the value, shows the raw result, and does not treat the content ' +
    'as a success.',
  run({ res, id }) {
    sendResult(res, id, {
      resultType: 'maybe_later',
      content: [
        { type: 'text', text: 'If you see this as a successful result, your client ignored an unknown resultType.' },
      ],
      _meta: serverMeta(),
    });
  },
};

export const missingResultType: ChaosTool = {
  name: 'missing_result_type',
  title: 'No resultType (treat as complete)',
  description:
    'NOT WRONG, just old-fashioned: a normal CallToolResult with no resultType field. An absent resultType means ' +
    '"complete"; a correct client shows it as a completed result (a lint may note the missing field).',
  run({ res, id }) {
    sendResult(res, id, {
      content: [
        {
          type: 'text',
          text: 'This result has no resultType field. An absent resultType means complete, so a correct client shows it as completed.',
        },
      ],
      isError: false,
      _meta: serverMeta(),
    });
  },
};

export const neverAdvances: ChaosTool = {
  name: 'never_advances',
  title: 'input_required forever',
  description:
    'WRONG: every leg answers input_required with the same form question and the byte-identical requestState, whatever ' +
    'the answer. A correct client notices that the rounds do not advance (same state, same question), enforces its ' +
    'round limit (SDK default 10) and lets the user stop, instead of looping forever.',
  run({ res, id }) {
    sendResult(
      res,
      id,
      inputRequiredResult(
        {
          confirm: {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'Proceed? (Whatever you answer, this question comes back.)',
              requestedSchema: {
                type: 'object',
                properties: { proceed: { type: 'boolean', title: 'Proceed', default: true } },
                required: ['proceed'],
              },
            },
          },
        },
        NEVER_ADVANCES_STATE,
      ),
    );
  },
};

export const invalidSchemaForm: ChaosTool = {
  name: 'invalid_schema_form',
  title: 'Form schema outside the restricted subset',
  description:
    'WRONG: input_required with an elicitation/create form whose requestedSchema has a nested object property ' +
    '("address") and a "$ref" property ("contact"); form schemas must be flat primitives. A correct client flags the ' +
    'schema as invalid, does not try to render it as a normal form, and offers a raw JSON answer or decline/cancel. ' +
    'A retry with any inputResponses completes.',
  run(ctx) {
    if (completeRetryEchoing(ctx, 'invalid_schema_form: completed.')) return;
    sendResult(
      ctx.res,
      ctx.id,
      inputRequiredResult(
        {
          profile: {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'Tell us where to ship (this schema breaks the restricted subset).',
              requestedSchema: {
                type: 'object',
                $defs: { contact: { type: 'string', format: 'email' } },
                properties: {
                  address: {
                    type: 'object',
                    properties: { street: { type: 'string' }, city: { type: 'string' } },
                    required: ['street', 'city'],
                  },
                  contact: { $ref: '#/$defs/contact' },
                },
                required: ['address'],
              },
            },
          },
        },
        'chaos.invalid_schema_form.round-1',
      ),
    );
  },
};

export const undeclaredCapability: ChaosTool = {
  name: 'undeclared_capability',
  title: 'Asks for sampling without checking',
  description:
    'WRONG (when the request did not declare sampling): always answers input_required with a sampling/createMessage ' +
    'request, even if this request\'s clientCapabilities lack "sampling" (it should have answered 400 / -32021 with ' +
    'data.requiredCapabilities). A correct client lints "server asked for an undeclared capability" and does not ' +
    'silently sample. A retry with any inputResponses completes.',
  run(ctx) {
    const declared = isJsonObject(ctx.clientCapabilities.sampling);
    const lead = `undeclared_capability: completed (sampling was ${declared ? '' : 'NOT '}declared on this request).`;
    if (completeRetryEchoing(ctx, lead)) return;
    sendResult(
      ctx.res,
      ctx.id,
      inputRequiredResult(
        {
          draft: {
            method: 'sampling/createMessage',
            params: {
              messages: [
                { role: 'user', content: { type: 'text', text: 'Write a haiku about retrying HTTP requests.' } },
              ],
              maxTokens: 100,
            },
          },
        },
        `chaos.undeclared_capability.round-1.sampling-${declared ? 'declared' : 'undeclared'}`,
      ),
    );
  },
};

/** What `/chaos/tools-list-input-required` answers to tools/list: an interim result on a method that may not have one. */
export function toolsListInputRequired(): JsonObject {
  return inputRequiredResult(
    {
      team: {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'Which team are you on? (tools/list must never ask this)',
          requestedSchema: {
            type: 'object',
            properties: { team: { type: 'string', enum: ['red', 'blue'] } },
            required: ['team'],
          },
        },
      },
    },
    'chaos.tools-list-input-required',
  );
}
