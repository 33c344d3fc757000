import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { toHar } from './har.ts';
import { TEST_TOKEN, testSession } from './session.fixtures.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function harValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addMetaSchema(draft06);
  addFormats(ajv);
  // every schema of the har-schema package (har.json, log.json, entry.json, ...), referenced by file name
  const files = import.meta.glob<{ default: { $id: string } }>('/node_modules/har-schema/lib/*.json', { eager: true });
  const schemas = Object.values(files).map((m) => m.default);
  if (schemas.length < 18) throw new Error(`har-schema: found only ${schemas.length} schema files`);
  for (const schema of schemas) if (schema.$id !== 'har.json#') ajv.addSchema(schema);
  return ajv.compile(schemas.find((s) => s.$id === 'har.json#')!);
}

describe('HAR 1.2 export', () => {
  it('redacts every custom request header value except the ones marked not secret when secrets are left out', () => {
    const header = (har: ReturnType<typeof toHar>) =>
      har.log.entries.flatMap((e) => e.request.headers).find((h) => h.name === 'X-Trace')?.value;
    expect(header(toHar(testSession()))).toBe('[redacted]');
    expect(header(toHar(testSession(), { notSecret: ['x-trace'] }))).toBe('visible');
  });

  const validate = harValidator();

  it('validates against the HAR 1.2 schema when every leg is exported', () => {
    const har = toHar(testSession());
    const ok = validate(JSON.parse(JSON.stringify(har)));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('rejects a broken HAR when checked by the same validator', () => {
    const har = JSON.parse(JSON.stringify(toHar(testSession())));
    delete har.log.entries[0].request.headers;
    expect(validate(har)).toBe(false);
  });

  it('writes each leg once with its conversation and round in _mrtr', () => {
    const har = toHar(testSession());
    expect(har.log.entries.map((e) => [e._mrtr.conversationId, e._mrtr.round, e._mrtr.outcome])).toEqual([
      ['c1', 1, 'input_required'],
      ['c1', 2, 'complete'],
      ['c2', 1, 'transport'],
    ]);
    expect(har.log.pages.map((p) => p.id)).toEqual(['c1', 'c3', 'c2']); // a fork sits after its source
    const first = har.log.entries[0]!._mrtr;
    expect(first.inputRequestKeys).toEqual(['region']);
    expect(first.requestStateReturnedBytes).toBe('v1.eyJwIjp7fX0.sig'.length);
    expect(har.log.entries[1]!._mrtr).toMatchObject({ answeredKeys: ['region'], requestStateSent: true });
    expect(har.log.entries[1]!._mrtr.sseEventCount).toBe(2);
  });

  it("records a leg without a response as status 0 with Chrome's _error when the network failed", () => {
    const failed = toHar(testSession()).log.entries[2]!;
    expect(failed.response.status).toBe(0);
    expect(failed.response._error).toBe('network: Failed to fetch');
  });

  it('exports only one conversation with the legs it shares with its parent when a conversation is chosen', () => {
    const har = toHar(testSession(), { conversationId: 'c3' });
    expect(har.log.pages.map((p) => p.id)).toEqual(['c3']);
    expect(har.log.entries.map((e) => [e._mrtr.legId, e.pageref, e._mrtr.forkOf?.legId])).toEqual([
      ['leg-1', 'c3', 'leg-2'],
    ]);
    expect(validate(JSON.parse(JSON.stringify(har)))).toBe(true);
  });

  it('redacts the bearer token and secret headers when secrets are not included', () => {
    const text = JSON.stringify(toHar(testSession()));
    expect(text).not.toContain(TEST_TOKEN);
    expect(text).not.toContain('secret-cookie');
    expect(text).toContain('"Bearer [redacted]"');
    expect(JSON.parse(text).log._mrtr.redacted).toBe(true);
  });

  it('keeps the bearer token when secrets are explicitly included', () => {
    const text = JSON.stringify(toHar(testSession(), { includeSecrets: true }));
    expect(text).toContain(`Bearer ${TEST_TOKEN}`);
  });
});
