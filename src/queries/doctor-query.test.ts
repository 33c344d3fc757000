import { describe, expect, it, vi } from 'vitest';
import type { ProbeReport } from '../protocol/doctor.ts';
import type { Exchange } from '../protocol/exchange.ts';
import { runDoctor, type DoctorInput } from './doctor-query.ts';
import { RpcFailure } from './rpc.ts';
import { LegacyProtocolError } from '../client/legacy/legacy-session.ts';

const TARGET = 'http://127.0.0.1:9/mcp';
const networkFailure = new RpcFailure({ kind: 'transport', reason: 'never reached' }, {
  request: { url: TARGET, method: 'POST', headers: [], body: '{}' },
  startedAt: 0,
  durationMs: 1,
  failure: { kind: 'network', message: 'Failed to fetch' },
} satisfies Exchange);

function input(over: Partial<DoctorInput>): DoctorInput {
  return {
    failure: networkFailure,
    targetUrl: TARGET,
    headers: { Authorization: 'Bearer t' },
    viaRelay: false,
    appOrigin: 'http://127.0.0.1:5173',
    pageProtocol: 'http:',
    nonce: 1,
    probe: () => Promise.reject(new Error('unused')),
    ...over,
  };
}

const sdkProbe: ProbeReport = {
  target: TARGET,
  appOrigin: 'http://127.0.0.1:5173',
  startedAt: '2026-01-01T00:00:00Z',
  preflight: {
    requestHeaders: {
      'access-control-request-headers': 'accept,content-type,mcp-method,mcp-name,mcp-protocol-version',
    },
    accessControl: {},
    response: {
      status: 405,
      statusText: '',
      headers: {},
      contentType: null,
      body: '',
      bodyTruncated: false,
      message: null,
      elapsedMs: 1,
    },
  },
  discover: {
    response: {
      status: 200,
      statusText: '',
      headers: {},
      contentType: 'application/json',
      body: '',
      bodyTruncated: false,
      message: { jsonrpc: '2.0', id: 1, result: {} },
      elapsedMs: 1,
    },
  },
};

describe('runDoctor', () => {
  it('asks the relay with the connection’s headers and names the refused preflight when a relay exists', async () => {
    const probe = vi.fn(() => Promise.resolve(sdkProbe));
    const report = await runDoctor(input({ relayToken: 'tok', probe }));
    expect(probe).toHaveBeenCalledWith({
      relayBase: '',
      token: 'tok',
      target: TARGET,
      headers: { Authorization: 'Bearer t' },
    });
    expect(report.probed).toBe(true);
    expect(report.findings.map((f) => [f.id, f.action])).toEqual([['preflight-refused', 'use-relay']]);
  });

  it('diagnoses from the page alone and says why when the probe fails', async () => {
    const report = await runDoctor(input({ relayToken: 'tok', probe: () => Promise.reject(new Error('bad_token')) }));
    expect(report).toMatchObject({ probed: false, probeError: 'bad_token' });
    expect(report.findings.map((f) => f.id)).toEqual(['browser-network-error']);
  });

  it('does not probe when there is no relay', async () => {
    const probe = vi.fn(() => Promise.resolve(sdkProbe));
    const report = await runDoctor(input({ probe }));
    expect(probe).not.toHaveBeenCalled();
    expect(report.probed).toBe(false);
  });
});

describe('a 2025-11-25 handshake the server refused', () => {
  it('is diagnosed from what the server answered to initialize', async () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32022,
        message: 'connection is serving the 2026-07-28 protocol; the initialize handshake is not accepted',
        data: { supported: ['2026-07-28'], requested: '2025-11-25' },
      },
    };
    const body = JSON.stringify(message);
    const exchange: Exchange = {
      request: { url: TARGET, method: 'POST', headers: [], body: '{"method":"initialize"}' },
      response: {
        status: 200,
        statusText: 'OK',
        headers: [],
        contentType: 'application/json',
        body,
        size: body.length,
      },
      message,
      startedAt: 0,
      durationMs: 1,
    };
    const failure = new LegacyProtocolError('initialize failed (HTTP 200: -32022 …)', exchange);
    const report = await runDoctor(input({ failure }));
    expect(report.findings.map((f) => f.title)).toEqual(['The server refused the 2025-11-25 handshake']);
  });
});
