/** The hub's record: the list a page gets, counts announced once a turn, and a history bounded by size. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ProxyEvent, ProxyInfo } from '../../protocol/proxy-wire.ts';
import { TrafficHub } from './traffic-hub.ts';

const info = (id: string): ProxyInfo => ({
  id,
  url: `http://127.0.0.1:1/${id}`,
  target: 'http://t/mcp',
  holdRequests: false,
  holdResponses: false,
  counts: { requests: 0, responses: 0, refused: 0 },
});

const request = (id: string, body: string): ProxyEvent => ({
  type: 'request',
  proxyId: 'p1',
  id,
  at: 0,
  method: 'POST',
  url: 'http://t/mcp',
  headers: [['content-type', 'application/json']],
  body,
});

function listen(hub: TrafficHub): ProxyEvent[] {
  const seen: ProxyEvent[] = [];
  hub.subscribe((e) => seen.push(e));
  return seen;
}

describe('TrafficHub', () => {
  it('gives a page that subscribes the traffic so far, then the current list under a newer number', () => {
    const hub = new TrafficHub();
    hub.addProxy(info('p1'));
    hub.emit(request('x1', '{}'));
    hub.count('p1', 'requests');
    const ids: string[] = [];
    const seen: ProxyEvent[] = [];
    hub.subscribe((e, id) => {
      seen.push(e);
      ids.push(id);
    });
    expect(seen).toEqual([
      request('x1', '{}'),
      { type: 'proxies', proxies: [{ ...info('p1'), counts: { requests: 1, responses: 0, refused: 0 } }] },
    ]);
    const n = ids.map((id) => Number(id.split('.')[1]));
    expect(n[1]).toBeGreaterThan(n[0]!);
  });

  it('gives a page resuming after a break what followed, then the current list', () => {
    const hub = new TrafficHub();
    hub.addProxy(info('p1'));
    hub.emit(request('x1', '{}'));
    let lastId = '';
    const stop = hub.subscribe((_e, id) => (lastId = id));
    stop();
    hub.emit(request('x2', '{}'));
    const seen: ProxyEvent[] = [];
    hub.subscribe((e) => seen.push(e), lastId);
    expect(seen.map((e) => (e.type === 'request' ? e.id : e.type))).toEqual(['x2', 'proxies']);
  });

  it('tells the pages listening of counts once a turn, however many moved', async () => {
    const hub = new TrafficHub();
    hub.addProxy(info('p1'));
    const seen = listen(hub);
    seen.length = 0;
    hub.count('p1', 'requests');
    hub.count('p1', 'responses');
    hub.count('p1', 'requests');
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen).toEqual([
      { type: 'proxies', proxies: [{ ...info('p1'), counts: { requests: 2, responses: 1, refused: 0 } }] },
    ]);
  });

  it('tells the pages listening at once when a proxy starts, stops or changes its holds', () => {
    const hub = new TrafficHub();
    const seen = listen(hub);
    hub.addProxy(info('p1'));
    hub.setHolds('p1', { requests: true });
    hub.removeProxy('p1');
    expect(seen.map((e) => (e.type === 'proxies' ? e.proxies.map((p) => [p.id, p.holdRequests]) : e.type))).toEqual([
      [],
      [['p1', false]],
      [['p1', true]],
      [],
    ]);
  });

  it('keeps no more history than its limit, the oldest events going first', () => {
    const hub = new TrafficHub({ historyBytes: 3_000 });
    hub.addProxy(info('p1'));
    for (let i = 1; i <= 10; i++) hub.emit(request(`x${i}`, 'x'.repeat(1_000)));
    const kept = listen(hub).flatMap((e) => (e.type === 'request' ? [e.id] : []));
    expect(kept).toEqual(['x9', 'x10']);
  });

  it('tells a page that resumes after events the history let go of which ones it missed, then what is left', () => {
    const hub = new TrafficHub({ historyBytes: 10_000 });
    const ids: string[] = [];
    const stop = hub.subscribe((_e, id) => ids.push(id));
    hub.emit(request('x1', 'a'));
    const lastRead = ids.at(-1)!;
    stop();
    // the page reads no more; 40 KB of traffic pushes its place out of the history
    for (let i = 2; i <= 9; i++) hub.emit(request(`x${i}`, 'b'.repeat(5_000)));
    const seen: [ProxyEvent, string][] = [];
    hub.subscribe((e, id) => seen.push([e, id]), lastRead);
    const [missed, missedId] = seen[0]!;
    const n = (id: string) => Number(id.split('.')[1]);
    expect(missed).toMatchObject({ type: 'missed', from: n(lastRead) + 1 });
    const kept = seen.slice(1, -1);
    expect(kept.length).toBeGreaterThan(0);
    // the gone ones end right before what is left, and the notice's number is after what the page read and before
    // what follows, so a page that skips what it was already told skips none of it
    expect((missed as Extract<ProxyEvent, { type: 'missed' }>).to).toBe(n(kept[0]![1]) - 1);
    expect(n(missedId)).toBeGreaterThan(n(lastRead));
    expect(n(missedId)).toBeLessThan(n(kept[0]![1]));
    expect(kept.map(([e]) => (e as { id: string }).id)).toEqual(['x8', 'x9'].slice(-kept.length));
    // a page whose place is still held is told nothing of the kind
    const again: ProxyEvent[] = [];
    hub.subscribe((e) => again.push(e), kept[0]![1]);
    expect(again.map((e) => e.type)).not.toContain('missed');
  });
});
