import { describe, expect, it } from 'vitest';
import { composeHeld, heldParts } from './held-edit.ts';

const BODY =
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"a","requestState":"abc","inputResponses":{"k":{"action":"accept"}}}}';
const HEADERS: [string, string][] = [
  ['content-type', 'application/json'],
  ['authorization', 'Bearer sk-1'],
];

describe('editing a held item', () => {
  it('splits a request into requestState, answers, params and non-secret headers', () => {
    const parts = heldParts('request', BODY, HEADERS);
    expect(parts.requestState).toBe('abc');
    expect(JSON.parse(parts.answers!)).toEqual({ k: { action: 'accept' } });
    expect(JSON.parse(parts.params!)).toEqual({ name: 'a' });
    expect(parts.headers).toBe('content-type: application/json');
  });

  it('changes nothing when nothing was edited, so the bytes go on as they came', () => {
    expect(composeHeld('request', BODY, HEADERS, heldParts('request', BODY, HEADERS))).toEqual({});
  });

  it('puts an edited requestState back and keeps the secret headers when the others change', () => {
    const parts = heldParts('request', BODY, HEADERS);
    const out = composeHeld('request', BODY, HEADERS, { ...parts, requestState: 'abd', headers: 'x-a: 1' });
    expect(out).not.toHaveProperty('error');
    const sent = out as { body: string; headers: [string, string][] };
    expect(JSON.parse(sent.body).params).toEqual({
      name: 'a',
      inputResponses: { k: { action: 'accept' } },
      requestState: 'abd',
    });
    expect(sent.headers).toEqual([
      ['authorization', 'Bearer sk-1'],
      ['x-a', '1'],
    ]);
  });

  it('leaves requestState out when the lab dropped it, from a request and from an answer', () => {
    const parts = heldParts('request', BODY, HEADERS);
    const out = composeHeld('request', BODY, HEADERS, { ...parts, requestState: null }) as { body: string };
    expect(JSON.parse(out.body).params).toEqual({ name: 'a', inputResponses: { k: { action: 'accept' } } });
    const answer = '{"jsonrpc":"2.0","id":2,"result":{"resultType":"input_required","requestState":"s"}}';
    const dropped = composeHeld('response', answer, [], { ...heldParts('response', answer, []), requestState: null });
    expect(JSON.parse((dropped as { body: string }).body).result).toEqual({ resultType: 'input_required' });
  });

  it('says which part is not JSON, instead of sending', () => {
    const parts = heldParts('request', BODY, HEADERS);
    expect(composeHeld('request', BODY, HEADERS, { ...parts, answers: '{oops' })).toMatchObject({
      error: expect.stringMatching(/^Answers \(inputResponses\) is not valid JSON/),
    });
  });

  it("edits a held answer's inputRequests and requestState", () => {
    const answer =
      '{"jsonrpc":"2.0","id":2,"result":{"resultType":"input_required","inputRequests":{},"requestState":"s"}}';
    const parts = heldParts('response', answer, []);
    const out = composeHeld('response', answer, [], { ...parts, requestState: 't', answers: '{"q":{}}' }) as {
      body: string;
    };
    expect(JSON.parse(out.body).result).toEqual({
      resultType: 'input_required',
      inputRequests: { q: {} },
      requestState: 't',
    });
  });

  it("edits the rest of a held answer's result (the text the client will read), keeping its other parts", () => {
    const answer = '{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"yes"}],"requestState":"s"}}';
    const parts = heldParts('response', answer, []);
    expect(JSON.parse(parts.result!)).toEqual({ content: [{ type: 'text', text: 'yes' }] });
    const edited = parts.result!.replace('"yes"', '"edited"');
    const out = composeHeld('response', answer, [], { ...parts, result: edited }) as { body: string };
    expect(JSON.parse(out.body)).toEqual({
      jsonrpc: '2.0',
      id: 4,
      result: { content: [{ type: 'text', text: 'edited' }], requestState: 's' },
    });
    // unchanged: the bytes go on as they came
    expect(composeHeld('response', answer, [], parts)).toEqual({});
  });

  it('says when an edited result is not JSON or not an object, instead of sending', () => {
    const answer = '{"jsonrpc":"2.0","id":4,"result":{"content":[]}}';
    const parts = heldParts('response', answer, []);
    expect(composeHeld('response', answer, [], { ...parts, result: '{"content": [' })).toMatchObject({
      error: expect.stringMatching(/^Result is not valid JSON/),
    });
    expect(composeHeld('response', answer, [], { ...parts, result: '[]' })).toMatchObject({
      error: expect.stringMatching(/^Result must be a JSON object/),
    });
  });
});
