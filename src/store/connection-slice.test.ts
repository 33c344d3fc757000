import { describe, expect, it } from 'vitest';
import { hasCapability, withCapability } from '../protocol/envelope.ts';
import { createInspectorStore } from './inspector-store.ts';

function newStore() {
  return createInspectorStore({ fetchFor: () => () => Promise.reject(new Error('offline')), now: () => 0 });
}

describe('connection slice', () => {
  it('keeps the last version when an empty protocol version is set (basic/transports: header and _meta must agree)', () => {
    const store = newStore();
    store.getState().setProtocolVersion('2026-07-28');
    store.getState().setProtocolVersion('  ');
    expect(store.getState().protocolVersion).toBe('2026-07-28');
  });

  it('keeps each saved connection’s own token, headers, version and client info when switching', () => {
    const store = newStore();
    const st = () => store.getState();
    st().setServerUrl('http://a.example/mcp');
    const a = st().saveConnection('A');
    st().setBearerToken('token-a');
    st().setCustomHeaders({ 'X-Team': 'a' });
    st().setProtocolVersion('2026-07-28');
    st().setServerUrl('http://b.example/mcp');
    st().connect();
    expect(st().activeConnectionId).toBeNull(); // connecting elsewhere leaves A
    st().setBearerToken('');
    st().setCustomHeaders({});
    const b = st().saveConnection('B');
    st().setClientInfo({ name: 'b-client', version: '2' });

    st().switchConnection(a);
    expect(st()).toMatchObject({
      connectedUrl: 'http://a.example/mcp',
      bearerToken: 'token-a',
      customHeaders: { 'X-Team': 'a' },
      clientInfo: { name: 'mrtr-inspector' },
    });
    st().switchConnection(b);
    expect(st()).toMatchObject({
      connectedUrl: 'http://b.example/mcp',
      bearerToken: '',
      clientInfo: { name: 'b-client' },
    });
  });

  it('remembers the tasks extension knob per saved connection when switching between them', () => {
    const store = newStore();
    const st = () => store.getState();
    const tasksOn = () => hasCapability(st().capabilities, 'tasks');
    const sampling = st().capabilities.sampling;
    st().setServerUrl('http://a.example/mcp');
    const a = st().saveConnection('A');
    st().setCapabilities(withCapability(st().capabilities, 'tasks', true));
    st().setServerUrl('http://b.example/mcp');
    st().connect();
    st().setCapabilities(withCapability(st().capabilities, 'tasks', false));
    const b = st().saveConnection('B');
    expect(tasksOn()).toBe(false);

    st().switchConnection(a);
    expect(tasksOn()).toBe(true);
    expect(st().capabilities.sampling).toEqual(sampling); // the other declared capabilities are left alone
    st().switchConnection(b);
    expect(tasksOn()).toBe(false);
    expect(st().savedConnections.map((c) => [c.label, c.tasksExtension])).toEqual([
      ['A', true],
      ['B', false],
    ]);
  });

  it('never carries a token or headers to a newly opened endpoint', () => {
    const store = newStore();
    store.getState().setBearerToken('secret');
    store.getState().setCustomHeaders({ 'X-Api-Key': 'k' });
    store.getState().setTransportMode('relay');
    store.getState().openEndpoint({ label: 'Mock: chaos', url: 'http://127.0.0.1:1/chaos' });
    const s = store.getState();
    expect(s).toMatchObject({ bearerToken: '', customHeaders: {}, transportMode: 'relay' });
    expect(s.savedConnections.map((c) => c.label)).toEqual(['Mock: chaos']);
    store.getState().openEndpoint({ label: 'Mock: chaos', url: 'http://127.0.0.1:1/chaos' });
    expect(store.getState().savedConnections).toHaveLength(1);
  });

  it('applies edited settings to queries only on the next Connect', () => {
    const store = newStore();
    store.getState().connect('http://a.example/mcp');
    store.getState().setProtocolVersion('2099-01-01');
    expect(store.getState().connectedSettings?.protocolVersion).toBe('2026-07-28');
    store.getState().connect();
    expect(store.getState().connectedSettings?.protocolVersion).toBe('2099-01-01');
  });

  it('pins the version, reconnects and says why when retrying with a version', () => {
    const store = newStore();
    store.getState().connect('http://a.example/mcp');
    store.getState().setProtocolVersion('2099-01-01');
    const nonce = store.getState().connectNonce;
    store.getState().retryWithVersion('2026-07-28', 'retried with 2026-07-28');
    const s = store.getState();
    expect(s.connectNonce).toBe(nonce + 1);
    expect(s.connectedSettings?.protocolVersion).toBe('2026-07-28');
    expect(s.connectionNote).toBe('retried with 2026-07-28');
    store.getState().connect();
    expect(store.getState().connectionNote).toBeNull();
  });

  it('switches to the relay and reconnects when asked to use the relay', () => {
    const store = newStore();
    store.getState().connect('http://a.example/mcp');
    store.getState().reconnectViaRelay();
    expect(store.getState().connectedSettings?.transportMode).toBe('relay');
  });

  it('opens the settings and bumps the focus request when asked for the token field', () => {
    const store = newStore();
    store.getState().requestTokenFocus();
    expect(store.getState()).toMatchObject({ settingsOpen: true, tokenFocusNonce: 1 });
  });

  it('forgets the active saved connection when it is removed', () => {
    const store = newStore();
    const id = store.getState().saveConnection('x');
    store.getState().removeConnection(id);
    expect(store.getState()).toMatchObject({ savedConnections: [], activeConnectionId: null });
  });

  it('pins a version for later calls and the active saved connection without reconnecting when switching after a -32022', () => {
    const store = newStore();
    store.getState().setServerUrl('http://a.example/mcp');
    const id = store.getState().saveConnection('A');
    store.getState().connect();
    store.getState().setProtocolVersion('2099-01-01');
    const nonce = store.getState().connectNonce;
    store.getState().switchProtocolVersion('2026-07-28', 'switched after a -32022');
    const s = store.getState();
    expect(s).toMatchObject({
      protocolVersion: '2026-07-28',
      connectNonce: nonce,
      connectionNote: 'switched after a -32022',
    });
    expect(s.connectionContext().protocolVersion).toBe('2026-07-28');
    expect(s.savedConnections.find((c) => c.id === id)?.protocolVersion).toBe('2026-07-28');
  });
});
