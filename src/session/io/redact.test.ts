import { describe, expect, it } from 'vitest';
import {
  redactArgs,
  redactHeaderValue,
  redactRequestHeaderValue,
  redactLeg,
  redactSession,
  redactUrl,
  REDACTED,
} from './redact.ts';
import { TEST_TOKEN, testSession } from './session.fixtures.ts';
import { headerValue } from '../../protocol/exchange.ts';

describe('redaction of secrets', () => {
  it('keeps the scheme and hides the token when the header is Authorization', () => {
    expect(redactHeaderValue('Authorization', `Bearer ${TEST_TOKEN}`)).toBe(`Bearer ${REDACTED}`);
    expect(redactHeaderValue('authorization', 'Basic dXNlcjpwYXNz')).toBe(`Basic ${REDACTED}`);
    expect(redactHeaderValue('Proxy-Authorization', 'opaque')).toBe(REDACTED);
  });

  it('hides api keys, cookies and token-named headers when redacting', () => {
    expect(redactHeaderValue('X-Api-Key', 'key-abc')).toBe(REDACTED);
    expect(redactHeaderValue('Cookie', 'sid=1')).toBe(REDACTED);
    expect(redactHeaderValue('X-GitHub-Token', 'ghp_1')).toBe(REDACTED);
  });

  it('leaves protocol headers untouched when they carry no secret', () => {
    expect(redactHeaderValue('Mcp-Method', 'tools/call')).toBe('tools/call');
    expect(redactHeaderValue('MCP-Protocol-Version', '2026-07-28')).toBe('2026-07-28');
  });

  it('hides passwords and every query value not marked safe when a URL carries them', () => {
    expect(redactUrl('https://u:pw@host/mcp?access_token=abc&x=1', ['?x'])).toBe(
      'https://u:%5Bredacted%5D@host/mcp?access_token=%5Bredacted%5D&x=1',
    );
    expect(redactUrl('https://host/mcp?subscription-key=k1&region=eu')).toBe(
      'https://host/mcp?subscription-key=%5Bredacted%5D&region=%5Bredacted%5D',
    );
    expect(redactUrl('http://127.0.0.1:8765/mcp')).toBe('http://127.0.0.1:8765/mcp');
  });

  it('removes every copy of the token from a session when it is redacted', () => {
    const session = testSession();
    const redacted = redactSession(session, ['x-trace']);
    const text = JSON.stringify(redacted);
    expect(text).not.toContain(TEST_TOKEN);
    expect(text).not.toContain('key-abc');
    expect(text).not.toContain('draft-secret');
    expect(text).not.toContain('secret-cookie');
    expect(text).not.toContain('access_token=abc');
    const leg = redacted.legs['leg-1']!;
    expect(headerValue(leg.exchange.request.headers, 'x-trace')).toBe('visible');
    expect(leg.exchange.request.body).toBe(session.legs['leg-1']!.exchange.request.body);
  });

  it('treats a custom request header as secret whatever its name when the user has not marked it safe', () => {
    expect(redactRequestHeaderValue('Ocp-Apim-Subscription-Key', 'sub-123')).toBe(REDACTED);
    expect(redactRequestHeaderValue('X-Trace', 'visible')).toBe(REDACTED);
    expect(redactRequestHeaderValue('X-Trace', 'visible', ['x-trace'])).toBe('visible');
    // protocol headers are the request's own data; Authorization stays secret even when marked
    expect(redactRequestHeaderValue('Mcp-Method', 'tools/call')).toBe('tools/call');
    expect(redactRequestHeaderValue('Mcp-Param-Region', 'eu')).toBe('eu');
    expect(redactRequestHeaderValue('Authorization', 'Bearer x', ['authorization'])).toBe(`Bearer ${REDACTED}`);
  });

  it('does not change the session it was given when redacting', () => {
    const session = testSession();
    const before = JSON.stringify(session);
    redactSession(session);
    expect(JSON.stringify(session)).toBe(before);
  });

  it('returns the very leg it was given when the leg holds no credential, and a redacted copy when it does', () => {
    const session = testSession();
    const withToken = session.legs['leg-1']!;
    const redacted = redactLeg(withToken);
    expect(redacted).not.toBe(withToken);
    expect(JSON.stringify(redacted)).not.toContain(TEST_TOKEN);
    // a leg without credentials is not copied (autosave redacts every leg it writes)
    const clean = {
      ...withToken,
      exchange: {
        ...withToken.exchange,
        request: {
          ...withToken.exchange.request,
          url: 'http://127.0.0.1:8765/mcp',
          headers: [['content-type', 'application/json']] as [string, string][],
        },
        response: {
          ...withToken.exchange.response!,
          headers: [['content-type', 'text/event-stream']] as [string, string][],
        },
      },
    };
    expect(redactLeg(clean)).toBe(clean);
  });

  it('finds credentials in a URL with userinfo but no query, and with a query but no userinfo', () => {
    expect(redactUrl('https://user:pw@host/mcp')).toBe('https://user:%5Bredacted%5D@host/mcp');
    expect(redactUrl('https://host/mcp?sig=1')).toBe('https://host/mcp?sig=%5Bredacted%5D');
    expect(redactUrl('https://host/mcp#frag')).toBe('https://host/mcp#frag');
  });
});

describe('redactArgs (a stdio server command line)', () => {
  it('masks the values of secret-named flags and settings, and keeps the rest', () => {
    expect(
      redactArgs(['npx', 'server', '--api-key', 'sk-1', '--token=t-2', 'GITHUB_TOKEN=g-3', '--port', '3000', 'plain']),
    ).toEqual([
      'npx',
      'server',
      '--api-key',
      '[redacted]',
      '--token=[redacted]',
      'GITHUB_TOKEN=[redacted]',
      '--port',
      '3000',
      'plain',
    ]);
    // a tap's target, as a watched conversation saves it
    expect(redactUrl('stdio: python server.py --secret s3 --name demo')).toBe(
      'stdio: python server.py --secret [redacted] --name demo',
    );
  });
});
