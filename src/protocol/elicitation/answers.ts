/**
 * Builders for the bare results that go into `inputResponses` (mrtr-wire.md section 3): never wrapped in
 * `{method, result}`, never carrying `jsonrpc` or `id`.
 */
import type { InputRequest, JsonObject } from '../types.ts';

export type InputRequestKind = 'elicit-form' | 'elicit-url' | 'sampling' | 'roots' | 'unknown';

/** Which answering UI an embedded request needs. `elicitation/create` without `mode` is form mode. */
export function classifyInputRequest(req: InputRequest): InputRequestKind {
  switch (req.method) {
    case 'elicitation/create': {
      const mode = req.params?.mode;
      if (mode === undefined || mode === 'form') return 'elicit-form';
      if (mode === 'url') return 'elicit-url';
      return 'unknown';
    }
    case 'sampling/createMessage':
      return 'sampling';
    case 'roots/list':
      return 'roots';
    default:
      return 'unknown';
  }
}

/** `{action:"accept", content}` for form mode; `{action:"accept"}` (no content) for URL mode. */
export function elicitAccept(content?: JsonObject): JsonObject {
  return content === undefined ? { action: 'accept' } : { action: 'accept', content };
}

export function elicitDecline(): JsonObject {
  return { action: 'decline' };
}

export function elicitCancel(): JsonObject {
  return { action: 'cancel' };
}

export const STOP_REASONS = ['endTurn', 'stopSequence', 'maxTokens'] as const;

export interface SamplingReply {
  text: string;
  model: string;
  stopReason?: string;
}

/** A human-written `CreateMessageResult`. `stopReason` is omitted when not given. */
export function samplingAnswer({ text, model, stopReason }: SamplingReply): JsonObject {
  const result: JsonObject = { role: 'assistant', content: { type: 'text', text }, model };
  if (stopReason !== undefined) result.stopReason = stopReason;
  return result;
}

export interface RootEntry {
  uri: string;
  name?: string;
}

/** `{roots:[{uri, name?}]}`; a blank name is left out rather than sent as `""`. */
export function rootsAnswer(roots: readonly RootEntry[]): JsonObject {
  return {
    roots: roots.map(({ uri, name }): JsonObject =>
      name !== undefined && name.trim() !== '' ? { uri, name } : { uri },
    ),
  };
}
