import { describe, expect, it } from 'vitest';
import { classifyExchange } from '../protocol/classify-exchange.ts';
import type { Exchange, RecordedResponse } from '../protocol/exchange.ts';
import { describeOutcome } from './rpc.ts';

function exchangeWith(response: Partial<RecordedResponse>): Exchange {
  return {
    request: { url: 'http://s/mcp', method: 'POST', headers: [], body: '{}' },
    response: { status: 200, statusText: 'OK', headers: [], contentType: '', body: '', size: 0, ...response },
    startedAt: 0,
    durationMs: 1,
  };
}

const describeOf = (ex: Exchange) => describeOutcome(classifyExchange(ex, 'server/discover', 'list-1'), ex);

describe('describeOutcome', () => {
  it('says the status once when the reason already starts with it', () => {
    const ex = exchangeWith({ status: 404, statusText: 'Not Found' });
    expect(describeOf(ex)).toBe('HTTP 404 with an empty body: no JSON-RPC response');
  });

  it('says the status once for a body of an unknown type', () => {
    const text = describeOf(exchangeWith({ body: 'hello', size: 5 }));
    expect(text).toMatch(/^HTTP 200 OK with no content type/);
    expect(text.match(/HTTP 200/g)).toHaveLength(1);
  });

  it('prefixes the status when the reason does not name it', () => {
    const error = { jsonrpc: '2.0', id: 'list-1', error: { code: -32601, message: 'Method not found' } };
    const ex = exchangeWith({ status: 404, contentType: 'application/json', body: JSON.stringify(error) });
    ex.message = error;
    expect(describeOf(ex)).toBe('HTTP 404: JSON-RPC error -32601: Method not found');
  });

  it("names the server's error for the connection doctor when a 405 answers with id null", () => {
    const error = { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed.' } };
    const ex = exchangeWith({ status: 405, contentType: 'application/json', body: JSON.stringify(error) });
    ex.message = error;
    expect(describeOf(ex)).toBe('HTTP 405: JSON-RPC error -32000: Method not allowed.');
  });

  it('does not mistake another status in the reason for this one', () => {
    const ex = exchangeWith({ status: 500 });
    expect(describeOutcome({ kind: 'invalid', reason: 'like HTTP 5000 or HTTP 50' }, ex)).toBe(
      'HTTP 500: like HTTP 5000 or HTTP 50',
    );
  });

  it('adds no status when nothing came back', () => {
    const ex: Exchange = { request: exchangeWith({}).request, startedAt: 0, durationMs: 1 };
    expect(describeOutcome({ kind: 'transport', reason: 'never reached' }, ex)).toBe('never reached');
  });
});
