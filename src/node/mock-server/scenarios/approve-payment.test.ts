import { afterEach, describe, expect, it, vi } from 'vitest';
import { accept, decline, FROZEN_STATE_ERROR, resultText, tamper, useMockServer } from '../mock-rpc.fixtures.ts';

const { callTool } = useMockServer();

afterEach(() => {
  vi.useRealTimers();
});

const CONFIRM = { confirm: accept({ confirm: true, note: 'ok' }) };

async function firstLeg(tool: string, amount = 120) {
  const res = await callTool(tool, { amount });
  expect(res.body.result?.resultType).toBe('input_required');
  expect(res.body.result?.inputRequests?.confirm?.method).toBe('elicitation/create');
  return res.body.result!.requestState!;
}

describe('approve_payment_* (requestState protection side by side)', () => {
  it.each(['signed', 'sealed', 'unprotected', 'short_ttl'])(
    'approves the amount from the state when approve_payment_%s is confirmed',
    async (variant) => {
      const tool = `approve_payment_${variant}`;
      const requestState = await firstLeg(tool, 120);
      const res = await callTool(tool, { amount: 120 }, { requestState, inputResponses: CONFIRM });
      expect(resultText(res)).toMatch(/^Approved payment of 120 EUR /);
      expect(resultText(res)).toContain('note "ok"');
    },
  );

  it('mints a readable v1 token for signed and an opaque base64url token for sealed', async () => {
    const signed = await firstLeg('approve_payment_signed');
    expect(signed.startsWith('v1.')).toBe(true);
    expect(JSON.parse(Buffer.from(signed.split('.')[1]!, 'base64url').toString()).p.amount).toBe(120);
    const sealed = await firstLeg('approve_payment_sealed');
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('amount');
  });

  it.each(['signed', 'sealed'])(
    'answers the frozen -32602 when the approve_payment_%s state is tampered',
    async (variant) => {
      const tool = `approve_payment_${variant}`;
      const requestState = tamper(await firstLeg(tool));
      const res = await callTool(tool, { amount: 120 }, { requestState, inputResponses: CONFIRM });
      expect(res.status).toBe(200);
      expect(res.body.error).toEqual(FROZEN_STATE_ERROR);
    },
  );

  it('approves the edited amount when the unprotected state is tampered', async () => {
    const original = await firstLeg('approve_payment_unprotected', 120);
    const decoded = JSON.parse(Buffer.from(original, 'base64url').toString()) as {
      amount: number;
      approved_by: string;
    };
    expect(decoded).toEqual({ amount: 120, approved_by: 'mrtr-mock' });
    const edited = Buffer.from(JSON.stringify({ ...decoded, amount: 99999 })).toString('base64url');
    const res = await callTool(
      'approve_payment_unprotected',
      { amount: 120 },
      { requestState: edited, inputResponses: CONFIRM },
    );
    expect(resultText(res)).toMatch(/^Approved payment of 99999 EUR /);
    expect(resultText(res)).toContain('the call asked for 120 EUR');
  });

  it('returns an isError result when the unprotected state is not base64url JSON', async () => {
    const res = await callTool(
      'approve_payment_unprotected',
      { amount: 1 },
      { requestState: '!!!', inputResponses: CONFIRM },
    );
    expect(res.body.result?.isError).toBe(true);
    expect(resultText(res)).toContain('Malformed requestState');
  });

  it.each(['signed', 'sealed'])(
    'rejects an approve_payment_%s state replayed on another tool or amount',
    async (variant) => {
      const tool = `approve_payment_${variant}`;
      const requestState = await firstLeg(tool, 120);
      const otherAmount = await callTool(tool, { amount: 121 }, { requestState, inputResponses: CONFIRM });
      expect(otherAmount.body.error).toEqual(FROZEN_STATE_ERROR);
      const otherTool = variant === 'signed' ? 'approve_payment_short_ttl' : 'approve_payment_signed';
      const replayed = await callTool(otherTool, { amount: 120 }, { requestState, inputResponses: CONFIRM });
      expect(replayed.body.error).toEqual(FROZEN_STATE_ERROR);
    },
  );

  it('rejects a sealed state replayed on the unprotected-looking signed tool and vice versa', async () => {
    const sealed = await firstLeg('approve_payment_sealed', 7);
    const res = await callTool(
      'approve_payment_signed',
      { amount: 7 },
      { requestState: sealed, inputResponses: CONFIRM },
    );
    expect(res.body.error).toEqual(FROZEN_STATE_ERROR);
  });

  it('says when the short-TTL state expires and rejects it once expired', async () => {
    const first = await callTool('approve_payment_short_ttl', { amount: 10 });
    expect(first.body.result?.inputRequests?.confirm?.params?.message).toContain('expires in 5 s');
    const requestState = first.body.result!.requestState!;
    const exp = JSON.parse(Buffer.from(requestState.split('.')[1]!, 'base64url').toString()).exp as number;
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(5);

    // Only Date is faked: the server (same process) sees the clock jump, timers and sockets keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7_000);
    const res = await callTool('approve_payment_short_ttl', { amount: 10 }, { requestState, inputResponses: CONFIRM });
    expect(res.body.error).toEqual(FROZEN_STATE_ERROR);
  });

  it('keeps a 600 s state valid after the short TTL has passed', async () => {
    const requestState = await firstLeg('approve_payment_signed', 10);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7_000);
    const res = await callTool('approve_payment_signed', { amount: 10 }, { requestState, inputResponses: CONFIRM });
    expect(resultText(res)).toMatch(/^Approved payment of 10 EUR/);
  });

  it('does not approve when the user declines or leaves confirm unchecked', async () => {
    const requestState = await firstLeg('approve_payment_signed', 3);
    const declined = await callTool(
      'approve_payment_signed',
      { amount: 3 },
      { requestState, inputResponses: { confirm: decline() } },
    );
    expect(declined.body.result?.isError).toBe(true);
    const unchecked = await callTool(
      'approve_payment_signed',
      { amount: 3 },
      { requestState, inputResponses: { confirm: accept({ confirm: false }) } },
    );
    expect(unchecked.body.result?.isError).toBe(true);
    expect(resultText(unchecked)).toContain('not approved');
  });
});
