import { describe, expect, it, vi } from 'vitest';
import { EraConnections, type EraResolution } from './era-connections.ts';
import type { LegacySession } from './legacy-session.ts';

function fakeSession() {
  return { close: vi.fn(async () => undefined) } as unknown as LegacySession & { close: ReturnType<typeof vi.fn> };
}

const legacy = (url: string, session: LegacySession): Promise<EraResolution> =>
  Promise.resolve({ era: 'legacy', url, session, reason: 'test', handshake: [] });

describe('EraConnections', () => {
  it('keeps the session of a server the app connected away from, for the conversations that belong to it', async () => {
    const eras = new EraConnections();
    const a = fakeSession();
    await eras.resolve('k1', () => legacy('http://a/mcp', a), 'http://a/mcp');
    await eras.resolve('k2', () => Promise.resolve({ era: 'modern' }), 'http://b/mcp');
    expect(eras.legacyFor('http://a/mcp')).toBe(a);
    expect(a.close).not.toHaveBeenCalled();
    expect(eras.legacyFor('http://b/mcp')).toBeUndefined();
  });

  it('ends the kept session when the app connects to that server again, and every session on disconnect', async () => {
    const eras = new EraConnections();
    const a = fakeSession();
    const a2 = fakeSession();
    const b = fakeSession();
    await eras.resolve('k1', () => legacy('http://a/mcp', a), 'http://a/mcp');
    await eras.resolve('k2', () => legacy('http://b/mcp', b), 'http://b/mcp');
    await eras.resolve('k3', () => legacy('http://a/mcp', a2), 'http://a/mcp');
    expect(a.close).toHaveBeenCalledTimes(1);
    expect(eras.legacyFor('http://a/mcp')).toBe(a2);
    expect(eras.legacyFor('http://b/mcp')).toBe(b);
    await eras.close();
    expect(b.close).toHaveBeenCalledTimes(1);
    expect(a2.close).toHaveBeenCalledTimes(1);
    expect(eras.legacyFor('http://b/mcp')).toBeUndefined();
  });

  it('ends the previous session of the same server on a new Connect to it', async () => {
    const eras = new EraConnections();
    const a = fakeSession();
    await eras.resolve('k1', () => legacy('http://a/mcp', a), 'http://a/mcp');
    await eras.resolve('k2', () => legacy('http://a/mcp', fakeSession()), 'http://a/mcp');
    expect(a.close).toHaveBeenCalledTimes(1);
  });
});
