import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../lib/storage/memory-storage.fixtures.ts';
import { encodeShareLink } from '../session/io/share-link.ts';
import { testSession } from '../session/io/session.fixtures.ts';
import { queryEnvOf } from '../queries/query-env.ts';
import { discoverQuery, toolsQuery } from '../queries/server-queries.ts';
import { bootstrap, hasShareFragment } from './bootstrap.ts';
import { announceProxyStarted, followWhenProxiesRun, PROXY_CHANNEL } from './proxy-follow.ts';
import { connectedSettingsOf } from '../store/connection-slice.ts';

function at(url: string): Location {
  const u = new URL(url);
  return { search: u.search, hash: u.hash, pathname: u.pathname } as Location;
}

describe('bootstrap', () => {
  it('finds a share fragment only when the hash carries share=', () => {
    expect(hasShareFragment('#share=1.abc')).toBe(true);
    expect(hasShareFragment('#x=1&share=1.abc')).toBe(true);
    expect(hasShareFragment('#reshare=1')).toBe(false);
    expect(hasShareFragment('')).toBe(false);
  });

  it('connects to ?server= with nothing saved and no share link', async () => {
    const { store, notices } = await bootstrap(
      at('http://app.test/?server=http://127.0.0.1:9/mcp'),
      createMemoryStorage(),
    );
    expect(store.getState().connectedUrl).toBe('http://127.0.0.1:9/mcp');
    expect(store.getState().session.order).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('has discover and the four lists requested before the first render when it connects at start', async () => {
    const { store, deps, queryClient } = await bootstrap(
      at('http://app.test/?server=http://127.0.0.1:9/mcp'),
      createMemoryStorage(),
    );
    const env = queryEnvOf(connectedSettingsOf(store.getState()), store.getState().connectNonce, deps.fetchFor)!;
    const methods = queryClient
      .getQueryCache()
      .findAll()
      .map((q) => q.queryKey[2]);
    expect(methods).toEqual([
      'tools/list',
      'server/discover',
      'prompts/list',
      'resources/list',
      'resources/templates/list',
    ]);
    // the components build the same keys, so they pick these requests up instead of sending their own
    expect(queryClient.getQueryState(toolsQuery(env).queryKey)).toBeDefined();
    expect(queryClient.getQueryState(discoverQuery(env).queryKey)).toBeDefined();
  });

  it('requests nothing at start when no server is connected', async () => {
    const { queryClient } = await bootstrap(at('http://app.test/'), createMemoryStorage());
    expect(queryClient.getQueryCache().findAll()).toEqual([]);
  });

  it('opens the conversations of a share link when the fragment holds one', async () => {
    const link = encodeShareLink(testSession(), { baseUrl: 'http://app.test/', now: 0, includeSecrets: false });
    if (!link.ok) throw new Error(link.error);
    const { store, notices } = await bootstrap(at(link.url), createMemoryStorage());
    expect(store.getState().session.order).toHaveLength(3);
    expect(store.getState().selectedConversationId).not.toBeNull();
    expect(notices[0]?.text).toMatch(/^Opened a shared conversation/);
  });

  it('says why when a share link cannot be decoded', async () => {
    const { store, notices } = await bootstrap(at('http://app.test/#share=1.!!!'), createMemoryStorage());
    expect(store.getState().session.order).toEqual([]);
    expect(notices[0]).toMatchObject({ tone: 'error' });
    expect(notices[0]?.text).toMatch(/^Could not open the share link: /);
  });
});

describe('following the proxies', () => {
  const config = (running: number) => ({ proxy: { enabled: true, running } });

  it('follows at once when a proxy runs as the page loads (its history comes first: nothing is lost)', () => {
    const follow = vi.fn();
    followWhenProxiesRun(config(1), follow, () => Promise.reject(new Error('not asked')));
    expect(follow).toHaveBeenCalledTimes(1);
  });

  it('opens nothing while none runs, and follows once the tab comes into view and the server lists one', async () => {
    const follow = vi.fn();
    let running = 0;
    const reload = vi.fn(() => Promise.resolve(config(running)));
    followWhenProxiesRun(config(0), follow, reload);
    expect(follow).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(follow).not.toHaveBeenCalled();
    running = 1;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(follow).toHaveBeenCalledTimes(1));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('follows the moment another tab of this origin says it started a proxy, without asking the server', async () => {
    const follow = vi.fn();
    const reload = vi.fn(() => Promise.resolve(config(0)));
    const here = new BroadcastChannel(PROXY_CHANNEL);
    const elsewhere = new BroadcastChannel(PROXY_CHANNEL);
    try {
      followWhenProxiesRun(config(0), follow, reload, document, here);
      // a message that is not the announcement changes nothing
      elsewhere.postMessage('something else');
      announceProxyStarted(elsewhere);
      await vi.waitFor(() => expect(follow).toHaveBeenCalledTimes(1));
      expect(reload).not.toHaveBeenCalled();
      // following once is enough: a second announcement, or the tab coming into view, asks nothing more
      announceProxyStarted(elsewhere);
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(follow).toHaveBeenCalledTimes(1);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      here.close();
      elsewhere.close();
    }
  });
});
