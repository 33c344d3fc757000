import { describe, expect, it } from 'vitest';
import { classifyExchange, contentTypeProblem, mediaTypeOf, transportOutcome } from './classify-exchange.ts';
import type { Exchange, RecordedResponse } from './exchange.ts';

const okMessage = { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [] } };

function exchangeWith(response: Partial<RecordedResponse>, message?: unknown): Exchange {
  const body = response.body ?? '';
  const ex: Exchange = {
    request: { url: 'http://s/mcp', method: 'POST', headers: [], body: '{}' },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [],
      contentType: 'application/json',
      size: body.length,
      ...response,
      body,
    },
    startedAt: 0,
    durationMs: 1,
  };
  if (message !== undefined) ex.message = message;
  return ex;
}

const reasonOf = (ex: Exchange) => {
  const outcome = classifyExchange(ex, 'tools/call', 1);
  return outcome.kind === 'invalid' || outcome.kind === 'transport' ? outcome.reason : outcome.kind;
};

describe('mediaTypeOf / contentTypeProblem', () => {
  it('drops parameters and case when reading the media type', () => {
    expect(mediaTypeOf('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaTypeOf('')).toBe('');
  });

  it('allows application/json and text/event-stream with parameters in any case', () => {
    expect(contentTypeProblem({ contentType: 'application/json;charset=UTF-8', body: '{}' })).toBeUndefined();
    expect(contentTypeProblem({ contentType: 'TEXT/EVENT-STREAM', body: 'data: x' })).toBeUndefined();
  });

  it('names the media type without its parameters when it is not allowed', () => {
    expect(contentTypeProblem({ contentType: 'text/plain; charset=utf-8', body: '{}' })).toBe(
      'Unexpected content type text/plain (expected application/json or text/event-stream)',
    );
    expect(contentTypeProblem({ contentType: 'application/problem+json', body: '{}' })).toContain(
      'application/problem+json',
    );
  });

  it('says the content type is missing when there is none', () => {
    expect(contentTypeProblem({ contentType: '', body: '{}' })).toBe(
      'Missing content type (expected application/json or text/event-stream)',
    );
  });

  it('does not judge an empty body whatever its content type', () => {
    expect(contentTypeProblem({ contentType: 'text/plain', body: '' })).toBeUndefined();
  });
});

describe('classifyExchange: content type', () => {
  it('calls a valid JSON-RPC body invalid when it comes as text/plain', () => {
    const body = JSON.stringify(okMessage);
    const ex = exchangeWith({ contentType: 'text/plain; charset=utf-8', body }, okMessage);
    const outcome = classifyExchange(ex, 'tools/call', 1);
    expect(outcome.kind).toBe('invalid');
    expect(reasonOf(ex)).toContain(
      'Unexpected content type text/plain (expected application/json or text/event-stream)',
    );
    expect(reasonOf(ex)).toContain('HTTP 200 OK');
    expect(reasonOf(ex)).not.toContain('"resultType":"complete"');
    // the parsed message stays recorded
    expect(ex.message).toBe(okMessage);
  });

  it('calls a JSON-RPC body invalid when the content type is missing', () => {
    const ex = exchangeWith({ contentType: '', body: JSON.stringify(okMessage) }, okMessage);
    expect(reasonOf(ex)).toMatch(/^Missing content type/);
  });

  it('still completes when the content type is application/json with a charset', () => {
    const ex = exchangeWith(
      { contentType: 'application/json; charset=utf-8', body: JSON.stringify(okMessage) },
      okMessage,
    );
    expect(classifyExchange(ex, 'tools/call', 1).kind).toBe('complete');
  });

  it('still reads a JSON-RPC error when an error status comes as application/json', () => {
    const error = { jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'Unsupported protocol version' } };
    const ex = exchangeWith({ status: 400, statusText: 'Bad Request', body: JSON.stringify(error) }, error);
    expect(classifyExchange(ex, 'tools/call', 1)).toMatchObject({ kind: 'error', error: { code: -32022 } });
  });

  it('keeps the SSE reading when the stream carried the response', () => {
    const body = `data: ${JSON.stringify(okMessage)}\n\n`;
    const ex = exchangeWith(
      { contentType: 'text/event-stream', body, sseEvents: [{ data: JSON.stringify(okMessage), at: 1 }] },
      okMessage,
    );
    expect(classifyExchange(ex, 'tools/call', 1).kind).toBe('complete');
  });

  it('keeps the empty-body readings for 202 and 204 whatever the content type', () => {
    expect(reasonOf(exchangeWith({ status: 202, statusText: 'Accepted', contentType: 'text/plain' }))).toBe(
      'HTTP 202 with no body: the server treated the request as a notification',
    );
    expect(reasonOf(exchangeWith({ status: 204, statusText: 'No Content', contentType: '' }))).toBe(
      'HTTP 204 with an empty body: no JSON-RPC response',
    );
  });

  it('keeps naming the status of an HTML error page when its body is not JSON', () => {
    const ex = exchangeWith({
      status: 500,
      statusText: 'Internal Server Error',
      contentType: 'text/html',
      body: '<html><title>500</title></html>',
    });
    expect(reasonOf(ex)).toContain('HTTP 500 Internal Server Error with text/html: not a JSON-RPC response');
  });

  it('omits a missing status text instead of leaving a gap', () => {
    const ex = exchangeWith({ statusText: '', contentType: 'text/plain', body: JSON.stringify(okMessage) }, okMessage);
    expect(reasonOf(ex)).toContain(': HTTP 200. The body');
  });
});

describe('an HTTP error status carrying a result', () => {
  it.each([
    [400, 'Bad Request'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
  ])('is not accepted as a result (HTTP %i)', (status, statusText) => {
    const body = JSON.stringify(okMessage);
    const reason = reasonOf(exchangeWith({ status, statusText, body }, okMessage));
    expect(reason).toContain(`HTTP ${status} ${statusText} carrying a result`);
    expect(reason).toContain('the result is not trusted');
  });

  it('keeps a 4xx carrying a JSON-RPC error as that error', () => {
    const error = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } };
    const ex = exchangeWith({ status: 400, statusText: 'Bad Request', body: JSON.stringify(error) }, error);
    expect(classifyExchange(ex, 'tools/call', 1).kind).toBe('error');
  });
});

describe('transportOutcome: a leg that is no call', () => {
  const leg = (method: 'POST' | 'GET' | 'DELETE', body: string, response: Partial<RecordedResponse>): Exchange => {
    const ex = exchangeWith(response);
    ex.request = { ...ex.request, method, body };
    return ex;
  };
  const notification = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const answer = JSON.stringify({ jsonrpc: '2.0', id: 'srv-1', result: {} });

  it('accepts a notification or a POSTed answer with 202 and no body', () => {
    expect(transportOutcome(leg('POST', notification, { status: 202, contentType: '' }))).toMatchObject({
      kind: 'complete',
      accepted: 'notification',
    });
    expect(transportOutcome(leg('POST', answer, { status: 202, contentType: '' }))).toMatchObject({
      accepted: 'notification',
    });
  });

  it('reads a GET answered with an event stream as a stream, and its 405 as no stream offered', () => {
    expect(transportOutcome(leg('GET', '', { contentType: 'text/event-stream', sseEvents: [] }))).toMatchObject({
      accepted: 'stream',
    });
    expect(transportOutcome(leg('GET', '', { status: 405, contentType: '' }))).toMatchObject({
      accepted: 'no stream',
    });
  });

  it('reads a DELETE as the session ended, or kept by a server that answers 405', () => {
    expect(transportOutcome(leg('DELETE', '', { contentType: '' }))).toMatchObject({ accepted: 'session ended' });
    expect(transportOutcome(leg('DELETE', '', { status: 405, contentType: '' }))).toMatchObject({
      accepted: 'session kept',
    });
  });

  it('leaves a request (with an id) and any other answer to classifyExchange', () => {
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
    expect(transportOutcome(leg('POST', call, { status: 202, contentType: '' }))).toBeUndefined();
    expect(transportOutcome(leg('POST', notification, { status: 400, contentType: 'text/plain', body: 'no' }))).toBe(
      undefined,
    );
    expect(transportOutcome(leg('POST', notification, { status: 202, body: 'x' }))).toBeUndefined();
    expect(transportOutcome(leg('GET', '', { status: 404, contentType: '' }))).toBeUndefined();
    expect(transportOutcome({ ...leg('GET', '', {}), response: undefined } as Exchange)).toBeUndefined();
  });
});
