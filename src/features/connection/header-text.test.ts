import { describe, expect, it } from 'vitest';
import { formatHeaders, parseHeaders } from './header-text.ts';

describe('custom header text', () => {
  it('parses one Name: value per line and skips blank lines when the text is valid', () => {
    expect(parseHeaders('X-Team: blue\n\nX-Trace:  a:b ')).toEqual({ 'X-Team': 'blue', 'X-Trace': 'a:b' });
    expect(parseHeaders(formatHeaders({ A: '1', B: '2' }))).toEqual({ A: '1', B: '2' });
  });

  it('names the line and the problem when a line is not a valid header', () => {
    expect(parseHeaders('X-Ok: 1\nnope')).toBe('Line 2: expected "Name: value"');
    expect(parseHeaders('Bad Name: 1')).toBe('Line 1: "Bad Name" is not a valid header name');
    expect(parseHeaders('Host: x')).toBe('Line 1: browsers do not let a page set Host');
    expect(parseHeaders('Authorization: Bearer x')).toBe('Line 1: use the Bearer token field for Authorization');
    expect(parseHeaders('Mcp-Method: x')).toBe('Line 1: Mcp-Method is set from the request itself');
    expect(parseHeaders('Mcp-Param-Region: x')).toBe('Line 1: Mcp-Param-Region is set from the request itself');
    expect(parseHeaders('X-City: Zürich')).toBe('Line 1: the value of X-City must be plain ASCII');
  });
});
