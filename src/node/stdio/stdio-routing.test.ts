import { describe, expect, it } from 'vitest';
import { describeId, progressTokenOf, relatedLegs, subscriptionIdOf, withSubscriptionId } from './stdio-routing.ts';

const progress = (token: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: token, progress: 1 },
});
const log = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'step 1' } };
const changed = (subscription: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/tools/list_changed',
  params: { _meta: { 'io.modelcontextprotocol/subscriptionId': subscription } },
});

describe('relatedLegs', () => {
  it('routes a progress notification to the request that sent its token only when several are in flight', () => {
    const a = { progressToken: 'a' };
    const b = { progressToken: 'b' };
    const none = {};
    expect(relatedLegs(progress('b'), [a, b, none])).toEqual([b]);
    expect(relatedLegs(progress('zz'), [a, b, none])).toEqual([]);
  });

  it('routes any other notification to every request in flight when stdio gives no link', () => {
    const a = { progressToken: 'a' };
    const none = {};
    expect(relatedLegs(log, [a, none])).toEqual([a, none]);
    expect(relatedLegs(log, [])).toEqual([]);
  });
});

describe('progressTokenOf', () => {
  it('reads _meta.progressToken when the request carries one', () => {
    expect(progressTokenOf({ params: { _meta: { progressToken: 3 } } })).toBe(3);
    expect(progressTokenOf({ params: {} })).toBeUndefined();
    expect(progressTokenOf({})).toBeUndefined();
  });
});

describe('subscriptions', () => {
  it("routes a subscription's notification to its listen only, and nothing else to a listen", () => {
    const call = { progressToken: 'a' };
    const listen = { subscriptionId: 'bridge-2' };
    const other = { subscriptionId: 'bridge-5' };
    expect(relatedLegs(changed('bridge-2'), [call, listen, other])).toEqual([listen]);
    expect(relatedLegs(changed('bridge-9'), [call, listen, other])).toEqual([]);
    expect(relatedLegs(log, [call, listen])).toEqual([call]);
    expect(relatedLegs(progress('a'), [call, listen])).toEqual([call]);
  });

  it("reads the subscription id of a notification and of the listen's response, and puts the page's id in its place", () => {
    expect(subscriptionIdOf(changed('bridge-2'))).toBe('bridge-2');
    const done = {
      jsonrpc: '2.0',
      id: 'bridge-2',
      result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'bridge-2' } },
    };
    expect(subscriptionIdOf(done)).toBe('bridge-2');
    expect(withSubscriptionId(done, 7)).toEqual({
      ...done,
      result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } },
    });
    expect(withSubscriptionId(changed('bridge-2'), 'p')).toEqual(changed('p'));
    expect(withSubscriptionId(log, 'p')).toBe(log);
    expect(subscriptionIdOf(log)).toBeUndefined();
  });
});

describe('describeId', () => {
  it('names an id as the log says it', () => {
    expect(describeId('bridge-3')).toBe('bridge-3');
    expect(describeId(42)).toBe('42 (a number)');
    expect(describeId(null)).toBe('null');
  });
});
