import { describe, expect, it } from 'vitest';
import { startMockServer } from '../start.ts';
import {
  accept,
  cancel,
  createRpc,
  decline,
  FROZEN_STATE_ERROR,
  resultText,
  tamper,
  useMockServer,
} from '../mock-rpc.fixtures.ts';

const { callTool } = useMockServer();

async function firstLeg(name = 'orders') {
  const res = await callTool('provision', { name });
  return res.body.result!.requestState!;
}

describe('provision', () => {
  it('asks for a region with a form and a signed, bound requestState on the first leg', async () => {
    const res = await callTool('provision', { name: 'orders' });
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('application/json');
    expect(res.body.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        region: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'Which region should orders be provisioned in?',
            requestedSchema: {
              type: 'object',
              properties: {
                region: { type: 'string', title: 'Region', enum: ['us-east-1', 'eu-west-1', 'ap-south-1'] },
              },
              required: ['region'],
            },
          },
        },
      },
    });
    const state = res.body.result!.requestState!;
    expect(state).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const body = JSON.parse(Buffer.from(state.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(body.p).toEqual({ step: 'region', name: 'orders' });
    expect(typeof body.exp).toBe('number');
    expect((body.exp as number) - Date.now() / 1000).toBeGreaterThan(590);
    expect(typeof body.b).toBe('string');
  });

  it('completes with the chosen region when the retry accepts', async () => {
    const requestState = await firstLeg();
    const res = await callTool(
      'provision',
      { name: 'orders' },
      { requestState, inputResponses: { region: accept({ region: 'eu-west-1' }) } },
    );
    expect(res.body.result?.resultType).toBe('complete');
    expect(resultText(res)).toBe('Provisioned orders in eu-west-1');
    expect(res.body.result?.isError).toBeUndefined();
  });

  it('returns an isError result when the user declines', async () => {
    const requestState = await firstLeg();
    const res = await callTool(
      'provision',
      { name: 'orders' },
      { requestState, inputResponses: { region: decline() } },
    );
    expect(res.body.result?.isError).toBe(true);
    expect(resultText(res)).toBe('Provisioning declined: no region chosen, nothing was created.');
  });

  it('returns an isError result when the user cancels', async () => {
    const requestState = await firstLeg();
    const res = await callTool('provision', { name: 'orders' }, { requestState, inputResponses: { region: cancel() } });
    expect(res.body.result?.isError).toBe(true);
    expect(resultText(res)).toBe('Provisioning cancelled by the user.');
  });

  it('asks again when the retry carries no answer or a region that was not offered', async () => {
    const requestState = await firstLeg();
    const missing = await callTool('provision', { name: 'orders' }, { requestState, inputResponses: {} });
    expect(missing.body.result?.resultType).toBe('input_required');
    const wrong = await callTool(
      'provision',
      { name: 'orders' },
      { requestState, inputResponses: { region: accept({ region: 'mars-1' }) } },
    );
    expect(wrong.body.result?.resultType).toBe('input_required');
    expect(wrong.body.result?.inputRequests?.region?.params?.message).toContain(
      '"mars-1" is not one of the offered regions.',
    );
  });

  it('asks again instead of completing when the client drops the requestState', async () => {
    const res = await callTool(
      'provision',
      { name: 'orders' },
      { inputResponses: { region: accept({ region: 'eu-west-1' }) } },
    );
    expect(res.body.result?.resultType).toBe('input_required');
  });

  it('answers the frozen -32602 (HTTP 200) when the state is tampered', async () => {
    const requestState = tamper(await firstLeg());
    const res = await callTool(
      'provision',
      { name: 'orders' },
      { requestState, inputResponses: { region: accept({ region: 'eu-west-1' }) } },
    );
    expect(res.status).toBe(200);
    expect(res.body.error).toEqual(FROZEN_STATE_ERROR);
  });

  it('rejects a state replayed with other arguments or on another tool', async () => {
    const requestState = await firstLeg('orders');
    const otherArgs = await callTool(
      'provision',
      { name: 'billing' },
      { requestState, inputResponses: { region: accept({ region: 'eu-west-1' }) } },
    );
    expect(otherArgs.body.error).toEqual(FROZEN_STATE_ERROR);
    const otherTool = await callTool(
      'approve_payment_signed',
      { amount: 5 },
      { requestState, inputResponses: { confirm: accept({ confirm: true }) } },
    );
    expect(otherTool.body.error).toEqual(FROZEN_STATE_ERROR);
  });

  it('rejects a state minted by another server process (another key)', async () => {
    const other = await startMockServer({ port: 0 });
    try {
      const { callTool: callOther } = createRpc(other.mcpUrl);
      const requestState = (await callOther('provision', { name: 'orders' })).body.result!.requestState!;
      const res = await callTool(
        'provision',
        { name: 'orders' },
        { requestState, inputResponses: { region: accept({ region: 'eu-west-1' }) } },
      );
      expect(res.body.error).toEqual(FROZEN_STATE_ERROR);
    } finally {
      await other.close();
    }
  });
});
