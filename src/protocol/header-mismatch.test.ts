import { describe, expect, it } from 'vitest';
import type { Outcome } from './classify.ts';
import { headerMismatchOf, paramHeaderChanges } from './header-mismatch.ts';

// 2026-07-28 basic/transports/streamable-http, "Server Validation" (400 / -32020 HeaderMismatch) and custom headers
// "Client Behavior" (on a mismatch of Mcp-Param-* headers: tools/list, then retry with the appropriate headers)
const err = (message: string, data?: unknown): Outcome => ({
  kind: 'error',
  error: { code: -32020, message, ...(data === undefined ? {} : { data }) } as never,
});

describe('headerMismatchOf (-32020, 2026-07-28 streamable-http "Server Validation")', () => {
  it('names the Mcp-Param header from data.mismatch.header and says it was not sent when the leg lacked it', () => {
    const outcome = err('Bad Request: the request headers and body disagree: …', {
      mismatch: {
        header: 'Mcp-Param-Tenant-Id',
        body: 'the body carries tenant="acme" but the Mcp-Param-Tenant-Id header is absent',
      },
    });
    expect(headerMismatchOf(outcome, [['Mcp-Param-Tenant', 'acme']], 'tools/call')).toEqual({
      header: 'Mcp-Param-Tenant-Id',
      sent: null,
      detail: 'the body carries tenant="acme" but the Mcp-Param-Tenant-Id header is absent',
      refreshable: true,
    });
  });

  it('reads the header from the sentence when data.mismatch.header holds the value sent (SDK standard headers)', () => {
    const outcome = err('Bad Request', {
      mismatch: { header: 'foo', body: 'the body carries params.name="bar" but the Mcp-Name header names "foo"' },
    });
    const m = headerMismatchOf(outcome, [['Mcp-Name', 'foo']], 'tools/call');
    expect(m).toMatchObject({ header: 'Mcp-Name', sent: 'foo', refreshable: false });
  });

  it("reads the spec's example message when the error carries no data", () => {
    const outcome = err("Header mismatch: Mcp-Name header value 'foo' does not match body value 'bar'");
    expect(headerMismatchOf(outcome, [], 'prompts/get')).toMatchObject({ header: 'Mcp-Name', sent: null });
  });

  it('strips the punctuation that closes a sentence or a quote from a named Mcp-Param header', () => {
    const outcome = err("Header mismatch: expected 'Mcp-Param-Region'.");
    expect(headerMismatchOf(outcome, [['mcp-param-region', 'eu']], 'tools/call')).toMatchObject({
      header: 'Mcp-Param-Region',
      sent: 'eu',
      refreshable: true,
    });
  });

  it('offers the refresh for an unnamed header on tools/call only, and nothing for other codes', () => {
    expect(headerMismatchOf(err('headers disagree'), [], 'tools/call')).toMatchObject({ refreshable: true });
    expect(headerMismatchOf(err('headers disagree'), [], 'resources/read')).toMatchObject({ refreshable: false });
    const other: Outcome = { kind: 'error', error: { code: -32021, message: 'x' } as never };
    expect(headerMismatchOf(other, [], 'tools/call')).toBeUndefined();
  });
});

describe('paramHeaderChanges (x-mcp-header, SEP-2243)', () => {
  const schema = (header?: string) => ({
    type: 'object',
    properties: { tenant: { type: 'string', ...(header ? { 'x-mcp-header': header } : {}) } },
  });

  it('says which argument moved to which header when a fresh listing changed the declaration', () => {
    expect(paramHeaderChanges(schema('Tenant'), schema('Tenant-Id'))).toEqual([
      'tenant moved from Mcp-Param-Tenant to Mcp-Param-Tenant-Id',
    ]);
  });

  it('reports added and removed declarations, and nothing when only the case differs', () => {
    expect(paramHeaderChanges(schema(), schema('Tenant'))).toEqual(['tenant is now mirrored into Mcp-Param-Tenant']);
    expect(paramHeaderChanges(schema('Tenant'), schema())).toEqual([
      'tenant is no longer mirrored (was Mcp-Param-Tenant)',
    ]);
    expect(paramHeaderChanges(schema('Tenant'), schema('TENANT'))).toEqual([]);
  });
});
