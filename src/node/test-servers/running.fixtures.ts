/**
 * The servers a Vitest file starts, closed after each test: `const up = closedAfterEach();` then
 * `const relay = await up(startRelay());`. (Vitest only: e2e specs close their servers in their own hooks.)
 */
import { afterEach } from 'vitest';
import type { TestServer } from './listen.fixtures.ts';

export function closedAfterEach(): <T extends TestServer>(starting: Promise<T>) => Promise<T> {
  let running: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(running.map((r) => r.close()));
    running = [];
  });
  return async (starting) => {
    const server = await starting;
    running.push(server);
    return server;
  };
}
