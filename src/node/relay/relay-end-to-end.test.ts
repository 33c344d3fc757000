import { describe, expect, it } from 'vitest';
import { createRelayFetch, probeViaRelay, RelayError } from '../../client/relay-fetch.ts';
import { diagnose } from '../../protocol/doctor.ts';
import { startNoCorsServer } from '../test-servers/mcp-servers.fixtures.ts';
import { startRelay, TOKEN } from '../test-servers/relay-servers.fixtures.ts';
import { closedAfterEach } from '../test-servers/running.fixtures.ts';

const up = closedAfterEach();

const discover = {
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
};

describe('relay end to end', () => {
  it('reaches an SDK server without CORS when the browser-side relay fetch is used', async () => {
    const sdk = await up(startNoCorsServer());
    const relay = await up(startRelay());
    const relayFetch = createRelayFetch({ relayBase: relay.url, token: TOKEN });
    const res = await relayFetch(sdk.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'server/discover',
      },
      body: JSON.stringify(discover),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 1, result: { supportedVersions: ['2026-07-28'] } });
  });

  it('diagnoses a missing preflight and offers the relay when probing an SDK server', async () => {
    const sdk = await up(startNoCorsServer());
    const relay = await up(startRelay());
    const probe = await probeViaRelay({ relayBase: relay.url, token: TOKEN, target: sdk.url });
    const findings = diagnose({ probe, appOrigin: relay.url, targetUrl: sdk.url, pageProtocol: 'http:' });
    expect(findings.map((f) => [f.id, f.action])).toEqual([['preflight-refused', 'use-relay']]);
  });

  it('rejects with RelayError when the token is wrong', async () => {
    const relay = await up(startRelay());
    const relayFetch = createRelayFetch({ relayBase: relay.url, token: 'wrong-token-wrong-token' });
    await expect(relayFetch('http://127.0.0.1:9/mcp', { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(
      RelayError,
    );
  });
});
