import { describe, expect, it } from 'vitest';
import type { Exchange } from '../protocol/exchange.ts';
import { classifyMessage } from '../protocol/classify.ts';
import { b64url, mintV1, verifyV1 } from '../protocol/request-state/tokens.fixtures.ts';
import type { Leg, TamperRow } from './model.ts';
import { planTamperMatrix, rewriteNumber, tamperResult } from './tamper-matrix.ts';

const NOW = 1_800_000_000_000;
const nowS = NOW / 1000;
const base = { now: NOW, target: 'approve_payment_signed', otherStates: [] };

function rowsById(rows: TamperRow[]) {
  return Object.fromEntries(rows.map((r) => [r.mutationId, r]));
}

describe('planTamperMatrix', () => {
  it('plans a control, the standard mutations and a rewritten amount when the token is a signed v1 token', () => {
    const token = mintV1({ amount: 120, approved_by: 'mrtr-mock' }, nowS + 600);
    const rows = rowsById(planTamperMatrix(token, base));
    expect(rows.control?.requestState).toBe(token);
    expect(verifyV1(rows['flip-payload']!.requestState!, nowS)).not.toBe('ok');
    expect(verifyV1(rows['flip-mac']!.requestState!, nowS)).toBe('mac');
    expect(rows.drop?.requestState).toBeNull();
    expect(rows.empty?.requestState).toBe('');
    expect(rows['rewrite-number']?.description).toContain('p.amount from 120 to 12000');
    expect(verifyV1(rows['rewrite-number']!.requestState!, nowS)).toBe('mac');
  });

  it('skips the expired replay with the reason when exp is far away', () => {
    const token = mintV1({ step: 1 }, nowS + 600);
    const row = rowsById(planTamperMatrix(token, base))['expired-replay'];
    expect(row).toMatchObject({ status: 'skipped', requestState: null });
    expect(row?.skipReason).toMatch(/^the token expires in 10 min: too long to wait \(limit 15 s\)$/);
  });

  it('waits until just past exp when the token expires within the limit', () => {
    const token = mintV1({ step: 1 }, nowS + 5);
    const row = rowsById(planTamperMatrix(token, base))['expired-replay'];
    expect(row).toMatchObject({ status: 'pending', requestState: token, waitUntil: (nowS + 6) * 1000 + 250 });
  });

  it('skips the expired replay when the token carries no exp', () => {
    const token = b64url(JSON.stringify({ amount: 120, approved_by: 'x' }));
    const row = rowsById(planTamperMatrix(token, base))['expired-replay'];
    expect(row?.skipReason).toBe('the token carries no exp: nothing to wait for');
  });

  it('uses a state minted for another tool when the session has one, else skips that row', () => {
    const token = mintV1({ step: 1 }, nowS + 600);
    const other = { label: 'provision · round 1', value: 'other-state', target: 'provision' };
    const same = { label: 'same tool', value: 'x', target: base.target };
    expect(rowsById(planTamperMatrix(token, { ...base, otherStates: [same, other] }))['other-tool']).toMatchObject({
      status: 'pending',
      requestState: 'other-state',
      label: 'State from another tool (provision · round 1)',
    });
    expect(rowsById(planTamperMatrix(token, { ...base, otherStates: [same] }))['other-tool']?.status).toBe('skipped');
  });

  it('still plans the omit and empty rows when the server gave no requestState', () => {
    const rows = rowsById(planTamperMatrix(undefined, base));
    expect(rows.control?.requestState).toBeNull();
    expect(rows.drop?.requestState).toBeNull();
    expect(rows['rewrite-number']?.status).toBe('skipped');
  });
});

describe('rewriteNumber', () => {
  it('changes the amount inside unprotected base64url JSON and keeps it decodable', () => {
    const token = b64url(JSON.stringify({ amount: 120, approved_by: 'mrtr-mock' }));
    const out = rewriteNumber(token);
    expect(out).toMatchObject({ path: 'amount', from: 120, to: 12000 });
    expect(JSON.parse(Buffer.from(out!.token, 'base64url').toString('utf8'))).toEqual({
      amount: 12000,
      approved_by: 'mrtr-mock',
    });
  });

  it('returns null when the token holds no readable number', () => {
    expect(rewriteNumber('opaque-garbage!')).toBeNull();
    expect(rewriteNumber(b64url(JSON.stringify({ a: 'b' })))).toBeNull();
  });
});

function legWith(message: unknown, status = 200): Leg {
  const body = JSON.stringify(message);
  const exchange: Exchange = {
    request: { url: 'u', method: 'POST', headers: [], body: '{}' },
    response: { status, statusText: '', headers: [], contentType: 'application/json', body, size: body.length },
    message,
    startedAt: 0,
    durationMs: 1,
  };
  const sent = {
    answeredKeys: [],
    unansweredKeys: [],
    requestStateEdited: true,
    bodyEdited: false,
    capabilities: {},
    params: {},
  };
  return { id: 'l', conversationId: 'c', rpcId: 1, exchange, outcome: classifyMessage(message, 'tools/call', 1), sent };
}

const sentRow: TamperRow = { mutationId: 'm', label: 'm', description: '', requestState: 'x', status: 'sent' };

describe('tamperResult', () => {
  it('reads a -32602 error as rejected with the HTTP status and message', () => {
    const leg = legWith({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid or expired requestState' } });
    expect(tamperResult(sentRow, leg)).toEqual({
      verdict: 'rejected',
      httpStatus: 200,
      code: -32602,
      summary: '-32602 Invalid or expired requestState',
    });
  });

  it('reads a normal complete result as accepted with its text', () => {
    const leg = legWith({
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'complete', content: [{ type: 'text', text: 'Approved payment of 12000 EUR' }] },
    });
    expect(tamperResult(sentRow, leg)).toMatchObject({
      verdict: 'accepted',
      summary: 'accepted! Approved payment of 12000 EUR',
    });
  });

  it('tells a tool error, a re-ask, a skip and an unsent row apart', () => {
    const isError = legWith({
      jsonrpc: '2.0',
      id: 1,
      result: { isError: true, content: [{ type: 'text', text: 'bad' }] },
    });
    expect(tamperResult(sentRow, isError).verdict).toBe('refused');
    const reask = legWith({
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'input_required', inputRequests: {}, requestState: 's' },
    });
    expect(tamperResult(sentRow, reask).verdict).toBe('reasked');
    expect(tamperResult({ ...sentRow, status: 'skipped', skipReason: 'why' }, undefined)).toEqual({
      verdict: 'skipped',
      summary: 'skipped: why',
    });
    expect(tamperResult({ ...sentRow, status: 'waiting' }, undefined).verdict).toBe('waiting');
  });
});
