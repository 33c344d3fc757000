import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createMainHandler, type MainHandler } from './main-endpoint.ts';
import { createServerPool } from './server-pool.ts';
import {
  accept,
  ALL_CAPABILITIES,
  FROZEN_STATE_ERROR,
  mcpHeaders,
  PROTOCOL_VERSION,
  resultText,
  useMockServer,
} from './mock-rpc.fixtures.ts';

function provisionRequest(id: number, name: string): Request {
  const body = {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'provision',
      arguments: { name },
      _meta: {
        'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
        'io.modelcontextprotocol/clientCapabilities': ALL_CAPABILITIES,
      },
    },
  };
  return new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: mcpHeaders('tools/call', 'provision'),
    body: JSON.stringify(body),
  });
}

const build = () => new McpServer({ name: 'pool-test', version: '0.0.0' });

async function connect(server: McpServer): Promise<InMemoryTransport> {
  const [serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return serverSide;
}

describe('createServerPool', () => {
  it('hands out distinct instances when earlier leases are still held', () => {
    const pool = createServerPool(build);
    const a = pool.acquire();
    const b = pool.acquire();
    expect(a.server).not.toBe(b.server);
    expect(pool.stats()).toEqual({ built: 2, idle: 0, leased: 2 });
  });

  it('reuses an instance when its exchange closed', async () => {
    const pool = createServerPool(build);
    const first = pool.acquire();
    const transport = await connect(first.server);
    first.done(); // still connected: stays leased
    expect(pool.acquire().server).not.toBe(first.server);
    await transport.close();
    expect(pool.acquire().server).toBe(first.server);
    expect(pool.stats().built).toBe(2);
  });

  it('takes an instance back on done() when the SDK never connected it', () => {
    const pool = createServerPool(build);
    const lease = pool.acquire();
    lease.done();
    expect(pool.stats()).toEqual({ built: 1, idle: 1, leased: 0 });
    expect(pool.acquire().server).toBe(lease.server);
  });

  it('ignores a stale done() when the instance was leased again meanwhile', async () => {
    const pool = createServerPool(build);
    const first = pool.acquire();
    const transport = await connect(first.server);
    await transport.close(); // back in the pool
    const second = pool.acquire();
    expect(second.server).toBe(first.server);
    first.done(); // late call of the first request
    expect(pool.acquire().server).not.toBe(first.server);
    expect(pool.stats()).toMatchObject({ built: 2, leased: 2 });
  });

  it('keeps at most maxIdle instances when a burst ends', () => {
    const pool = createServerPool(build, { maxIdle: 2 });
    const leases = [pool.acquire(), pool.acquire(), pool.acquire()];
    for (const lease of leases) lease.done();
    expect(pool.stats()).toEqual({ built: 3, idle: 2, leased: 0 });
  });
});

describe('main endpoint on pooled instances', () => {
  const mock = useMockServer();
  const { callTool } = mock;

  it('builds one server instance when requests come one after another', async () => {
    const handler: MainHandler = createMainHandler({ stateKey: 'pool-test-key', baseUrl: () => mock.server.url });
    try {
      for (let id = 1; id <= 5; id++) {
        const res = await handler(provisionRequest(id, `db${id}`));
        const body = (await res.json()) as { result?: { resultType?: string } };
        expect(body.result?.resultType).toBe('input_required');
      }
      expect(handler.poolStats()).toEqual({ built: 1, idle: 1, leased: 0 });
    } finally {
      await handler.close();
    }
  });

  it('binds each state to its own request when many conversations run at once', async () => {
    const names = Array.from({ length: 24 }, (_, i) => `db-${i}`);
    const firsts = await Promise.all(names.map((name) => callTool('provision', { name })));
    const states = firsts.map((res) => res.body.result?.requestState ?? '');
    expect(states.every((s) => s.startsWith('v1.'))).toBe(true);

    const region = { region: accept({ region: 'eu-west-1' }) };
    // Each state on its own request completes with its own name; a neighbour's state is refused.
    const [own, swapped] = await Promise.all([
      Promise.all(
        names.map((name, i) => callTool('provision', { name }, { inputResponses: region, requestState: states[i] })),
      ),
      Promise.all(
        names.map((name, i) =>
          callTool('provision', { name }, { inputResponses: region, requestState: states[(i + 1) % states.length] }),
        ),
      ),
    ]);
    expect(own.map(resultText)).toEqual(names.map((name) => `Provisioned ${name} in eu-west-1`));
    for (const res of swapped) expect(res.body.error).toEqual(FROZEN_STATE_ERROR);
  });

  it('reports the headers of its own request when header tools run at once', async () => {
    const regions = ['eu-west-1', 'us-east-1', 'ap-south-1', 'eu-central-1'];
    const results = await Promise.all(
      regions.map((region) => callTool('regional_lookup', { region }, {}, { headers: { 'Mcp-Param-Region': region } })),
    );
    results.forEach((res, i) => {
      expect(resultText(res)).toContain(`Mcp-Param-Region: ${regions[i]}`);
      expect(resultText(res)).toContain('matches argument: yes');
    });
  });
});
