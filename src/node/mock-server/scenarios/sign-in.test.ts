import { describe, expect, it } from 'vitest';
import { CONSENT_CSP } from '../consent.ts';
import { accept, cancel, decline, resultText, useMockServer } from '../mock-rpc.fixtures.ts';
import { SIGN_IN_STATUS_META_KEY } from './sign-in.ts';

const mock = useMockServer();
const { callTool } = mock;

async function startFlow() {
  const res = await callTool('sign_in');
  const request = res.body.result?.inputRequests?.sign_in;
  const url = String(request?.params?.url);
  const flowId = url.split('/').pop()!;
  return { res, request, url, flowId, requestState: res.body.result!.requestState! };
}

function approve(flowId: string, origin?: string) {
  return fetch(`${mock.server.url}/consent/${flowId}/approve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(origin ? { Origin: origin } : {}) },
    body: '',
  });
}

describe('sign_in (URL-mode elicitation)', () => {
  it('asks the client to open a consent URL on this server on the first leg', async () => {
    const { request, url, flowId, requestState } = await startFlow();
    expect(request).toEqual({
      method: 'elicitation/create',
      params: {
        mode: 'url',
        message: 'Sign in to mrtr-mock: open the page and press Approve, then retry.',
        url: `${mock.server.url}/consent/${flowId}`,
      },
    });
    expect(url.startsWith(mock.server.url)).toBe(true);
    expect(flowId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(requestState.startsWith('v1.')).toBe(true);
  });

  it('waits with a state-only leg before approval, then completes after approval', async () => {
    const { flowId, requestState } = await startFlow();

    const waiting = await callTool('sign_in', {}, { requestState, inputResponses: { sign_in: accept() } });
    expect(waiting.body.result?.resultType).toBe('input_required');
    expect(waiting.body.result?.inputRequests).toBeUndefined();
    expect(waiting.body.result?.requestState).toBeTruthy();
    expect(waiting.body.result?.requestState).not.toBe(requestState);
    expect(String((waiting.body.result?._meta as Record<string, unknown>)[SIGN_IN_STATUS_META_KEY])).toContain(
      'still waiting',
    );

    const page = await fetch(`${mock.server.url}/consent/${flowId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONSENT_CSP);
    const html = await page.text();
    expect(html).toContain(flowId);
    expect(html).toContain(`action="/consent/${flowId}/approve"`);
    expect(html).not.toContain('<script');

    const approved = await approve(flowId, new URL(mock.server.url).origin);
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain('Approved. You can close this tab.');

    // the client retries with the latest state (no inputResponses needed on a state-only leg)
    const done = await callTool('sign_in', {}, { requestState: waiting.body.result!.requestState! });
    expect(resultText(done)).toBe(`Signed in (flow ${flowId})`);
  });

  it('does not approve this flow when another flow is approved', async () => {
    const mine = await startFlow();
    const other = await startFlow();
    expect((await approve(other.flowId)).status).toBe(200);
    const res = await callTool(
      'sign_in',
      {},
      { requestState: mine.requestState, inputResponses: { sign_in: accept() } },
    );
    expect(res.body.result?.resultType).toBe('input_required');
    const otherDone = await callTool(
      'sign_in',
      {},
      { requestState: other.requestState, inputResponses: { sign_in: accept() } },
    );
    expect(resultText(otherDone)).toBe(`Signed in (flow ${other.flowId})`);
  });

  it('answers 404 for unknown flow ids on the page and the approve action', async () => {
    expect((await fetch(`${mock.server.url}/consent/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await approve('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    const weird = await fetch(`${mock.server.url}/consent/%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    expect(weird.status).toBe(404);
    expect(await weird.text()).not.toContain('<script>');
  });

  it('refuses an approval posted from a foreign origin', async () => {
    const { flowId, requestState } = await startFlow();
    expect((await approve(flowId, 'https://evil.example')).status).toBe(403);
    const res = await callTool('sign_in', {}, { requestState, inputResponses: { sign_in: accept() } });
    expect(res.body.result?.resultType).toBe('input_required');
  });

  it('ends with an isError result when the URL request is declined or cancelled', async () => {
    const a = await startFlow();
    const declined = await callTool(
      'sign_in',
      {},
      { requestState: a.requestState, inputResponses: { sign_in: decline() } },
    );
    expect(declined.body.result?.isError).toBe(true);
    const b = await startFlow();
    const cancelled = await callTool(
      'sign_in',
      {},
      { requestState: b.requestState, inputResponses: { sign_in: cancel() } },
    );
    expect(cancelled.body.result?.isError).toBe(true);
    expect(resultText(cancelled)).toContain('cancelled');
  });
});
