import { describe, expect, it } from 'vitest';
import type { ProxyInfo } from '../../../protocol/proxy-wire.ts';
import { isFreshInstanceUrl, tappedCommandOf, watchedServerOf } from './tapped-server.ts';

const tap = (id: string, command: string[], exited = false): ProxyInfo => ({
  id,
  url: 'stdio',
  target: `stdio: ${command.join(' ')}`,
  holdRequests: false,
  holdResponses: false,
  counts: { requests: 0, responses: 0, refused: 0 },
  tap: { command, ...(exited ? { exited: { code: 0, signal: null } } : {}) },
});

describe('where a watched call is forked, audited or replayed', () => {
  it("a proxy-watched call: its server's URL", () => {
    expect(watchedServerOf({ serverUrl: 'http://s/mcp', watched: { proxyId: 'p1' } }, [])).toEqual({
      kind: 'url',
      url: 'http://s/mcp',
    });
  });

  it('a tapped call: a fresh instance from its own tap while it runs, else from the newest tap of the same command', () => {
    const conversation = { serverUrl: 'stdio: python server.py', watched: { proxyId: 't1' } };
    const running = [tap('t1', ['python', 'server.py']), tap('t2', ['python', 'server.py']), tap('t3', ['other'])];
    expect(watchedServerOf(conversation, running)).toEqual({ kind: 'tap', tapId: 't1', command: 'python server.py' });
    expect(watchedServerOf(conversation, running.slice(1))).toMatchObject({ kind: 'tap', tapId: 't2' });
  });

  it('a tapped call saved with a secret in its command line finds its tap again (both are compared masked)', () => {
    const saved = { serverUrl: 'stdio: server --api-key=[redacted]' };
    expect(tappedCommandOf(saved.serverUrl)).toBe('server --api-key=[redacted]');
    expect(watchedServerOf(saved, [tap('t4', ['server', '--api-key=sk-live-123'])])).toEqual({
      kind: 'tap',
      tapId: 't4',
      command: 'server --api-key=[redacted]',
    });
  });

  it('a tapped call whose tap ended, or no longer runs: nowhere, saying what to do', () => {
    const conversation = { serverUrl: 'stdio: python server.py', watched: { proxyId: 't1' } };
    for (const running of [[], [tap('t1', ['python', 'server.py'], true)], [tap('t2', ['python', 'other.py'])]]) {
      const where = watchedServerOf(conversation, running);
      expect(where.kind).toBe('unreachable');
      expect(where.kind === 'unreachable' && where.message).toContain('Start its host again');
    }
  });

  it("tells a fresh instance's URL from others", () => {
    expect(isFreshInstanceUrl('http://127.0.0.1:6280/__tap/t1/2/mcp')).toBe(true);
    expect(isFreshInstanceUrl('http://127.0.0.1:6280/__stdio/1/mcp')).toBe(false);
    expect(isFreshInstanceUrl('http://s/mcp')).toBe(false);
  });
});
