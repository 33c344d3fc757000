import { describe, expect, it } from 'vitest';
import { createInspectorStore } from './inspector-store.ts';

function newStore() {
  return createInspectorStore({ fetchFor: () => () => Promise.reject(new Error('offline')), now: () => 0 });
}

describe('connect: the Server URL is checked before anything is sent', () => {
  it('refuses a URL that is not absolute http(s) and leaves the connection untouched when Connect is pressed', () => {
    const store = newStore();
    store.getState().setServerUrl('not a url');
    store.getState().connect();
    const s = store.getState();
    expect(s.serverUrlError).toBe('Server URL must be an absolute http:// or https:// URL (got "not a url").');
    expect(s).toMatchObject({ connectedUrl: null, connectNonce: 0, connectedSettings: null, serverUrl: 'not a url' });
  });

  it('keeps the previous connection and what was typed when a later Connect is refused', () => {
    const store = newStore();
    store.getState().connect('http://a.example/mcp');
    const before = store.getState();
    store.getState().setServerUrl('ftp://x');
    store.getState().connect();
    const s = store.getState();
    expect(s.serverUrlError).toContain('(got "ftp://x")');
    expect(s.connectedUrl).toBe('http://a.example/mcp');
    expect(s.connectNonce).toBe(before.connectNonce);
    expect(s.connectedSettings).toBe(before.connectedSettings);
    expect(s.serverUrl).toBe('ftp://x');
  });

  it('refuses a URL passed in (as ?server= does) and puts it in the field when it is invalid', () => {
    const store = newStore();
    store.getState().connect('javascript:alert(1)');
    expect(store.getState()).toMatchObject({ connectedUrl: null, serverUrl: 'javascript:alert(1)' });
    expect(store.getState().serverUrlError).toContain('javascript:alert(1)');
  });

  it('refuses an empty field when Connect is pressed', () => {
    const store = newStore();
    store.getState().setServerUrl('  ');
    store.getState().connect();
    expect(store.getState().serverUrlError).toContain('the field is empty');
    expect(store.getState().connectedUrl).toBeNull();
  });

  it('clears the message when the URL is edited and when a valid Connect follows', () => {
    const store = newStore();
    store.getState().connect('nope');
    store.getState().setServerUrl('http://a.example/mc');
    expect(store.getState().serverUrlError).toBeNull();
    store.getState().connect('nope');
    store.getState().connect(' http://a.example/mcp ');
    expect(store.getState()).toMatchObject({
      serverUrlError: null,
      connectedUrl: 'http://a.example/mcp',
      serverUrl: 'http://a.example/mcp',
    });
  });
});
