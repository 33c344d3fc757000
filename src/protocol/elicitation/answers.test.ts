import { describe, expect, it } from 'vitest';
import type { InputRequest } from '../types.ts';
import {
  classifyInputRequest,
  elicitAccept,
  elicitCancel,
  elicitDecline,
  rootsAnswer,
  samplingAnswer,
} from './answers.ts';

describe('classifyInputRequest', () => {
  it.each([
    [{ method: 'elicitation/create', params: { message: 'm', requestedSchema: {} } }, 'elicit-form'],
    [{ method: 'elicitation/create', params: { mode: 'form', message: 'm' } }, 'elicit-form'],
    [{ method: 'elicitation/create', params: { mode: 'url', message: 'm', url: 'https://x' } }, 'elicit-url'],
    [{ method: 'elicitation/create', params: { mode: 'telepathy' } }, 'unknown'],
    [{ method: 'sampling/createMessage', params: { messages: [], maxTokens: 10 } }, 'sampling'],
    [{ method: 'roots/list' }, 'roots'],
    [{ method: 'tasks/teleport', params: {} }, 'unknown'],
  ] as [InputRequest, string][])('returns the kind when given %j', (req, kind) => {
    expect(classifyInputRequest(req)).toBe(kind);
  });
});

describe('answer builders', () => {
  it('builds bare ElicitResults when the user accepts, declines or cancels', () => {
    expect(elicitAccept({ region: 'eu-west-1' })).toEqual({ action: 'accept', content: { region: 'eu-west-1' } });
    expect(elicitAccept()).toStrictEqual({ action: 'accept' });
    expect(elicitDecline()).toStrictEqual({ action: 'decline' });
    expect(elicitCancel()).toStrictEqual({ action: 'cancel' });
  });

  it('builds a CreateMessageResult when the human writes the reply', () => {
    expect(samplingAnswer({ text: 'hi', model: 'human-in-the-loop', stopReason: 'endTurn' })).toStrictEqual({
      role: 'assistant',
      content: { type: 'text', text: 'hi' },
      model: 'human-in-the-loop',
      stopReason: 'endTurn',
    });
    expect(samplingAnswer({ text: '', model: 'm' })).not.toHaveProperty('stopReason');
  });

  it('omits blank names when building a ListRootsResult', () => {
    expect(
      rootsAnswer([{ uri: 'file:///a', name: 'A' }, { uri: 'file:///b', name: ' ' }, { uri: 'file:///c' }]),
    ).toStrictEqual({
      roots: [{ uri: 'file:///a', name: 'A' }, { uri: 'file:///b' }, { uri: 'file:///c' }],
    });
  });
});
