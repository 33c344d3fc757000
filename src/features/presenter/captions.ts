import { ERROR_MEANINGS } from '../../protocol/classify.ts';
import { isJsonObject, type InputRequest, type JsonObject } from '../../protocol/types.ts';
import type { Conversation, Leg } from '../../session/model.ts';

export interface LegStory {
  round: number;
  /** the arrow from client to server */
  request: string;
  /** the arrow back */
  response: string;
  /** what happened, in plain words */
  caption: string;
  tone: 'ask' | 'done' | 'fail' | 'wait';
}

function target(c: Conversation): string {
  const p = c.params;
  return typeof p.name === 'string' ? p.name : typeof p.uri === 'string' ? p.uri : c.method;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function quote(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > max ? `${flat.slice(0, max)}…` : flat}”`;
}

/** "a region" for a form asking one field; otherwise what kind of thing is asked. */
function need(key: string, request: InputRequest): string {
  const params = (request.params ?? {}) as JsonObject;
  switch (request.method) {
    case 'elicitation/create': {
      if (params.mode === 'url') {
        let host = 'a web page';
        try {
          host = new URL(String(params.url)).host;
        } catch {
          // keep the generic words
        }
        return `the user to visit ${host} (${key})`;
      }
      const schema = (params.requestedSchema ?? {}) as JsonObject;
      const fields = Object.keys((schema.properties ?? {}) as JsonObject);
      if (fields.length === 1) return `a ${fields[0]!.replace(/[_-]+/g, ' ')}`;
      return `answers to a form (${key}: ${fields.length} fields)`;
    }
    case 'sampling/createMessage':
      return `an LLM completion from the client (${key})`;
    case 'roots/list':
      return `the client's roots (${key})`;
    default:
      return `${key} (an unknown request, ${request.method})`;
  }
}

function answers(leg: Leg): string {
  const sent = leg.sent.inputResponses ?? {};
  const parts = Object.entries(sent).map(([key, r]) => {
    const content = r.content;
    if (r.action && r.action !== 'accept') return `${key}: ${String(r.action)}`;
    if (isJsonObject(content)) {
      return `${key}: ${Object.values(content).map(String).join(', ')}`;
    }
    return key;
  });
  return parts.length ? `its answers (${parts.join('; ')})` : 'no answers';
}

/** Plain-language story of one leg: the request going out, what came back, and what it means. */
export function describeLeg(conversation: Conversation, leg: Leg, round: number): LegStory {
  const name = target(conversation);
  const sentState = leg.sent.requestState !== undefined;
  const request =
    round === 1 && !sentState
      ? `${conversation.method} ${name} (id ${leg.rpcId})`
      : `${conversation.method} ${name} again (id ${leg.rpcId}) + ${Object.keys(leg.sent.inputResponses ?? {}).length} answer(s)${sentState ? ' + requestState' : ''}`;
  let said =
    round === 1 && !sentState
      ? `The client calls ${name}.`
      : `The client calls ${name} again as a new request (id ${leg.rpcId}) with ${answers(leg)}${sentState ? ' and the requestState echoed back byte for byte' : ''}.`;
  if (leg.sent.requestStateEdited)
    said += ' The requestState was edited by hand: the inspector is playing a hostile client.';
  if (leg.sent.bodyEdited) said += ' The body was edited by hand.';
  const o = leg.outcome;
  switch (o.kind) {
    case 'input_required': {
      const requests = o.inputRequests ?? {};
      const keys = Object.keys(requests);
      if (keys.length === 0) {
        return {
          round,
          request,
          response: 'input_required: requestState only',
          caption: `${said} The server is not done yet and asks for nothing: it returns only its requestState, meaning “come back later”. The client retries.`,
          tone: 'wait',
        };
      }
      const needs = list(keys.map((k) => need(k, requests[k]!)));
      const carry = o.requestState !== undefined ? ', handing over a requestState that carries its progress' : '';
      return {
        round,
        request,
        response: `input_required: asks ${keys.join(', ')}`,
        caption: `${said} The server cannot finish: it needs ${needs}. It returns instead of calling back${carry}.`,
        tone: 'ask',
      };
    }
    case 'complete': {
      const content = Array.isArray(o.result.content) ? o.result.content : [];
      const text = content.map((b) => (isJsonObject(b) && typeof b.text === 'string' ? b.text : '')).find(Boolean);
      const failed = o.result.isError === true;
      return {
        round,
        request,
        response: failed ? 'complete (isError)' : 'complete',
        caption: `${said} ${failed ? 'The server finishes but reports a failure' : 'The server has everything it needs and finishes'}${text ? `: ${quote(text)}.` : '.'}`,
        tone: failed ? 'fail' : 'done',
      };
    }
    case 'error': {
      const meaning = ERROR_MEANINGS[o.error.code];
      return {
        round,
        request,
        response: `error ${o.error.code}`,
        caption: `${said} The server refuses with error ${o.error.code}: ${quote(o.error.message)}${meaning ? ` (${meaning.toLowerCase()})` : ''}.`,
        tone: 'fail',
      };
    }
    case 'invalid':
      return {
        round,
        request,
        response: 'invalid response',
        caption: `${said} The answer is broken: ${o.reason}`,
        tone: 'fail',
      };
    case 'transport':
      return {
        round,
        request,
        response: 'no response',
        caption: `${said} Nothing came back: ${o.reason}`,
        tone: 'fail',
      };
    case 'task': {
      const t = o.task;
      const over = t.status === 'completed' || t.status === 'failed' || t.status === 'cancelled';
      return {
        round,
        request: leg.sent.method ? `${leg.sent.method} ${t.taskId} (id ${leg.rpcId})` : request,
        response: `task ${t.status}`,
        caption: `${leg.sent.method ? `The client asks about task ${t.taskId}.` : `${said} The server starts a task (${t.taskId}) instead of answering at once.`} It is ${t.status}${t.statusMessage ? `: ${quote(t.statusMessage)}` : ''}.`,
        tone: t.status === 'failed' ? 'fail' : t.status === 'input_required' ? 'ask' : over ? 'done' : 'wait',
      };
    }
  }
}
