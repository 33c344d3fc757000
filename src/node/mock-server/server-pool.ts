/**
 * A pool of idle `McpServer` instances for the factory of the SDK's `createMcpHandler`.
 *
 * Why: building an `McpServer` and registering every scenario (about 40 tools, prompts and resources with their zod
 * schemas) cost more than everything else in a request together, and made most of the garbage. The SDK lets an
 * instance serve again once its exchange is over: `createMcpHandler` only refuses an instance that is still
 * connected (`assertNotServing`), `Server.connect` accepts a new transport after the previous one closed, and closing
 * the per-request transport resets everything request-scoped in the instance (response and progress handlers,
 * timeouts, abort controllers, the negotiated era is re-bound from the next transport). A handler that outlives its
 * exchange (client gone mid-call) answers into its own, closed transport and cannot touch the next exchange's.
 *
 * Rules: an instance is handed to one request at a time (`acquire` removes it from the idle list); it comes back
 * when its transport closes (`onclose`) or, for requests the SDK answered without connecting it (listen streams,
 * header rejections), when the request that leased it has its response (`lease.done()`). Nothing a scenario needs
 * per request (the requestState binding, request headers) may be captured while registering: a handler looks its
 * request up through its own `ServerContext` (see main-endpoint.ts).
 */
import type { McpServer } from '@modelcontextprotocol/server';

/** One request's hold on an instance. */
export interface ServerLease {
  server: McpServer;
  /**
   * Call when the request has its response: the instance goes back to the pool if the SDK never connected it (listen
   * streams, header rejections) or its exchange already closed. A still-serving instance (an SSE stream) goes back
   * when its transport closes. Only this lease can return it: a later call after the instance was leased again is
   * ignored.
   */
  done(): void;
}

export interface ServerPool {
  /** An instance not connected to any transport and not leased to another request (built when none is idle). */
  acquire(): ServerLease;
  /** Drops the idle instances; later `acquire` calls still work. */
  clear(): void;
  /** Instances built so far, idle now, and leased now (tests, diagnostics). */
  stats(): { built: number; idle: number; leased: number };
}

export interface ServerPoolOptions {
  /** Most idle instances kept after a burst; extra ones are left to the garbage collector. Default 64. */
  maxIdle?: number;
}

export function createServerPool(build: () => McpServer, opts: ServerPoolOptions = {}): ServerPool {
  const maxIdle = opts.maxIdle ?? 64;
  const idle: McpServer[] = [];
  /** The current lease of every leased instance. */
  const leases = new Map<McpServer, object>();
  let built = 0;

  const release = (server: McpServer): void => {
    if (!leases.has(server)) return;
    if (server.server.transport !== undefined) return; // still serving; its onclose releases it
    leases.delete(server);
    if (idle.length < maxIdle) idle.push(server);
  };

  const make = (): McpServer => {
    const server = build();
    built++;
    // createMcpHandler chains this for each exchange and calls it when the exchange's transport closes. Only the
    // current leaseholder can have connected the instance, so a close always ends the current lease.
    server.server.onclose = () => release(server);
    return server;
  };

  return {
    acquire() {
      let server = idle.pop();
      while (server !== undefined && server.server.transport !== undefined) server = idle.pop(); // never expected
      server ??= make();
      const lease = {};
      leases.set(server, lease);
      const held = server;
      return {
        server: held,
        done: () => {
          if (leases.get(held) === lease) release(held);
        },
      };
    },
    clear() {
      idle.length = 0;
    },
    stats: () => ({ built, idle: idle.length, leased: leases.size }),
  };
}
