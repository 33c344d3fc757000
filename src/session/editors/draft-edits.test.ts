import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InputRequests, JsonObject } from '../../protocol/types.ts';
import {
  answersToJson,
  formatRpcId,
  headersToLines,
  paramsToJson,
  parseAnswersJson,
  parseHeaderLines,
  parseParamsJson,
  parseRpcId,
} from './draft-edits.ts';

const asked: InputRequests = {
  region: { method: 'elicitation/create', params: { mode: 'form', message: 'Which region?', requestedSchema: {} } },
  roots: { method: 'roots/list' },
};

const jsonObject = fc.dictionary(
  fc.string(),
  fc.jsonValue().map((v) => v as JsonObject[string]),
) as fc.Arbitrary<JsonObject>;

describe('answers JSON editor model', () => {
  it('gives back the same answers when the JSON it printed is parsed again', () => {
    fc.assert(
      // JSON has no -0: compare what JSON can carry
      fc.property(
        fc.dictionary(fc.string(), jsonObject).map((a) => JSON.parse(JSON.stringify(a)) as Record<string, JsonObject>),
        (answers) => {
          const parsed = parseAnswersJson(answersToJson(answers), asked);
          expect(parsed.ok && parsed.value).toEqual(answers);
        },
      ),
    );
  });

  it('never throws and always explains a failure when given arbitrary text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseAnswersJson(text, asked);
        if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(10);
      }),
    );
  });

  it('rejects with a specific message when the JSON is not an object', () => {
    expect(parseAnswersJson('[1]', asked)).toEqual({
      ok: false,
      error: 'inputResponses must be a JSON object keyed by request key, not an array',
    });
    expect(parseAnswersJson('{"region": "eu"}', asked)).toMatchObject({
      ok: false,
      error: 'inputResponses["region"] must be an object (a bare result), not string',
    });
    const bad = parseAnswersJson('{"region": ', asked);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^inputResponses is not valid JSON: /);
  });

  it('warns but accepts when keys were not asked, actions are missing or entries are wrapped', () => {
    const parsed = parseAnswersJson(
      JSON.stringify({ extra: { action: 'accept' }, region: { method: 'elicitation/create', result: {} } }),
      asked,
    );
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.warnings).toEqual([
      '"extra" was not asked for in this round: the server should ignore it',
      '"region" is wrapped as {method, result}: send the bare result (the TS SDK drops wrapped entries)',
      '"region" is an elicitation answer without action "accept", "decline" or "cancel"',
    ]);
  });
});

describe('params editor model', () => {
  it('hides per-leg fields when printing and rejects them when typed back', () => {
    const text = paramsToJson({ name: 'provision', arguments: { name: 'x' }, requestState: 's', _meta: {} });
    expect(JSON.parse(text)).toEqual({ name: 'provision', arguments: { name: 'x' } });
    expect(parseParamsJson('{"name":"p","requestState":"x"}', 'tools/call')).toEqual({
      ok: false,
      error: 'requestState has its own editor: remove it from params',
    });
  });

  it('warns when a tools/call has no name or a resources/read has no uri', () => {
    expect(parseParamsJson('{"arguments":{}}', 'tools/call')).toMatchObject({
      ok: true,
      warnings: ['tools/call needs a string "name" (it also goes into the Mcp-Name header)'],
    });
    expect(parseParamsJson('{}', 'resources/read')).toMatchObject({
      warnings: ['resources/read needs a string "uri"'],
    });
  });
});

describe('JSON-RPC id editor model', () => {
  it('reads back every integer and string id it formatted', () => {
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeInteger(), fc.string()), (id) => {
        const parsed = parseRpcId(formatRpcId(id));
        expect(parsed.ok && parsed.value).toBe(id);
      }),
    );
  });

  it('treats bare text as a string id and refuses empty or fractional ids', () => {
    expect(parseRpcId('abc')).toMatchObject({ ok: true, value: 'abc' });
    expect(parseRpcId('  ')).toMatchObject({ ok: false });
    expect(parseRpcId('1.5')).toEqual({
      ok: false,
      error: '1.5 is a fractional number: JSON-RPC ids should be integers or strings',
    });
  });

  it('warns when the id was already used in the conversation', () => {
    expect(parseRpcId('3', [1, 3])).toMatchObject({
      ok: true,
      warnings: ['id 3 was already used in this conversation: every leg should carry a new id'],
    });
  });
});

describe('extra headers editor model', () => {
  const name = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/).filter((n) => !/^mcp-|^(accept|host)$/i.test(n));
  const value = fc.stringMatching(/^[\x21-\x7e]([\x20-\x7e]{0,30}[\x21-\x7e])?$/);

  it('reads back the headers it printed', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(name, value), { selector: ([n]) => n.toLowerCase() }), (pairs) => {
        const headers = Object.fromEntries(pairs);
        const parsed = parseHeaderLines(headersToLines(headers));
        expect(parsed.ok && parsed.value).toEqual(headers);
      }),
    );
  });

  it('names the line and the problem when a header is malformed or repeated', () => {
    expect(parseHeaderLines('X-Ok: 1\nno colon here')).toEqual({
      ok: false,
      error: 'line 2: expected "Name: value", got "no colon here"',
    });
    expect(parseHeaderLines('Bad Name: 1')).toMatchObject({ error: 'line 1: "Bad Name" is not a valid header name' });
    expect(parseHeaderLines('X-A: 1\nx-a: 2')).toMatchObject({ error: 'line 2: x-a is given twice' });
  });

  it('warns when a header the composer sets is overridden', () => {
    expect(parseHeaderLines('Mcp-Name: other')).toMatchObject({
      ok: true,
      warnings: ['Mcp-Name replaces the value the composer would send (a mismatch gets 400 / -32020)'],
    });
  });
});
