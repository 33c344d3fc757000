import { QueryClient, QueryObserver, skipToken } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { connectedQuery } from './connected-query.ts';
import { discoverQuery, toolsQuery, type QueryEnv } from './server-queries.ts';

describe('connectedQuery', () => {
  it('builds idle, disabled options without reading a connection when not connected', async () => {
    expect(() => discoverQuery({} as never)).toThrow();
    for (const options of [connectedQuery(null, discoverQuery), connectedQuery(null, toolsQuery)]) {
      expect(options.queryFn).toBe(skipToken);
      const observer = new QueryObserver(new QueryClient(), options as never);
      const unsubscribe = observer.subscribe(() => undefined);
      await Promise.resolve();
      expect(observer.getCurrentResult()).toMatchObject({ fetchStatus: 'idle', isPending: true, isError: false });
      unsubscribe();
    }
  });

  it('returns the factory options when connected', () => {
    const env: QueryEnv = { ctx: { url: 'http://127.0.0.1:1/mcp' }, fetch: vi.fn(), viaRelay: false, nonce: 1 };
    const options = connectedQuery(env, discoverQuery);
    expect(options.queryKey).toEqual(discoverQuery(env).queryKey);
    expect(options.queryFn).not.toBe(skipToken);
  });
});
