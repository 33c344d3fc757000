import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, encodeHeaderValue, requestHeaders } from './headers.ts';
import { paramHeaderDeclarations } from './param-headers.ts';

describe('headers', () => {
  it('uses the base64 sentinel when a name is not plain ASCII', () => {
    expect(encodeHeaderValue('provision')).toBe('provision');
    const encoded = encodeHeaderValue('café_order');
    expect(encoded).toBe(`=?base64?${Buffer.from('café_order').toString('base64')}?=`);
    expect(decodeHeaderValue(encoded)).toBe('café_order');
  });

  it('encodes values with surrounding spaces when they are not safe', () => {
    expect(encodeHeaderValue(' x')).toMatch(/^=\?base64\?/);
  });

  it('builds the MCP headers from the body when the method names a target', () => {
    const headers = requestHeaders({
      jsonrpc: '2.0',
      id: 1,
      method: 'resources/read',
      params: { uri: 'report://2026/summary' },
    });
    expect(Object.fromEntries(headers)).toMatchObject({
      'Mcp-Method': 'resources/read',
      'Mcp-Name': 'report://2026/summary',
      'MCP-Protocol-Version': '2026-07-28',
      Accept: 'application/json, text/event-stream',
    });
  });

  it('sends Mcp-Param headers for x-mcp-header arguments and skips null ones', () => {
    const inputSchema = {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        count: { type: 'integer', 'x-mcp-header': 'Count' },
        note: { type: 'string' },
      },
    };
    const headers = requestHeaders(
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 't', arguments: { region: 'eu-west-1', count: null } },
      },
      { inputSchema },
    );
    const map = Object.fromEntries(headers);
    expect(map['Mcp-Param-Region']).toBe('eu-west-1');
    expect(map).not.toHaveProperty('Mcp-Param-Count');
  });

  it('flags invalid x-mcp-header declarations when they are not header tokens or not primitive', () => {
    const { valid, invalid } = paramHeaderDeclarations({
      type: 'object',
      properties: {
        a: { type: 'string', 'x-mcp-header': 'bad name' },
        b: { type: 'object', 'x-mcp-header': 'B' },
        c: { type: 'string', 'x-mcp-header': 'C' },
      },
    });
    expect(valid).toEqual([{ argument: 'c', path: ['c'], header: 'C', type: 'string' }]);
    expect(invalid.map((i) => i.argument)).toEqual(['a', 'b']);
  });

  it('never lets connection-wide extra headers replace MCP-managed headers (basic/transports)', () => {
    const body = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 'pay' } };
    const extra = { 'MCP-Protocol-Version': '2025-11-25', 'mcp-method': 'x', 'Mcp-Name': 'y', 'Mcp-Param-A': '1' };
    const h = requestHeaders(body, { extra: { ...extra, 'Content-Type': 'text/plain', Accept: '*/*', 'X-Team': 'a' } });
    expect(Object.fromEntries(h)).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'pay',
      'X-Team': 'a',
    });
  });

  it('lets a per-leg override replace a managed header when the user typed it in the composer', () => {
    const body = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 'pay' } };
    const h = Object.fromEntries(requestHeaders(body, { overrides: { 'Mcp-Name': 'other' } }));
    expect(h['Mcp-Name']).toBe('other');
  });
});
