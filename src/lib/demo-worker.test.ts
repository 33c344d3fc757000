import { describe, expect, it, vi } from 'vitest';
import { demoServerUrl, isDemoServerUrl, startDemoServer, type DemoHost } from './demo-worker.ts';

/** A service-worker container that registers, activates and takes the page over as a browser does. */
function fakeContainer(opts: { registerFails?: string; controlled?: boolean; claims?: boolean; hangs?: boolean } = {}) {
  const listeners = new Set<() => void>();
  const registered: string[] = [];
  const container = {
    controller: opts.controlled ? {} : null,
    register: async (url: string) => {
      if (opts.registerFails) throw new Error(opts.registerFails);
      if (opts.hangs) await new Promise(() => undefined);
      registered.push(url);
      return {};
    },
    ready: Promise.resolve({
      active: {
        postMessage: (message: unknown) => {
          if (message !== 'claim' || opts.claims === false) return;
          container.controller = {};
          for (const l of listeners) l();
        },
      },
    }),
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  return { container: container as unknown as ServiceWorkerContainer, registered };
}

const host = (over: Partial<DemoHost>): DemoHost => ({
  isSecureContext: true,
  serviceWorker: fakeContainer().container,
  pageUrl: 'https://example.org/tools/inspector/?server=demo',
  ...over,
});

describe('the demo server in the page', () => {
  it("lives at demo/mcp under the app's folder, whatever the page's file, query or fragment", () => {
    expect(demoServerUrl('https://example.org/tools/inspector/?server=demo#x')).toBe(
      'https://example.org/tools/inspector/demo/mcp',
    );
    expect(demoServerUrl('http://127.0.0.1:4173/index.html')).toBe('http://127.0.0.1:4173/demo/mcp');
  });

  it("knows the page's demo URL among others (a cURL copy of it gets a note)", () => {
    const page = 'https://example.org/tools/inspector/';
    expect(isDemoServerUrl('https://example.org/tools/inspector/demo/mcp', page)).toBe(true);
    expect(isDemoServerUrl('https://example.org/demo/mcp', page)).toBe(false);
    expect(isDemoServerUrl('http://127.0.0.1:8765/mcp', page)).toBe(false);
    expect(isDemoServerUrl('not a url', 'also not')).toBe(false);
  });

  it("registers the worker beside the page and answers the demo's URL once the worker controls the page", async () => {
    const fake = fakeContainer();
    await expect(startDemoServer(host({ serviceWorker: fake.container }))).resolves.toEqual({
      ok: true,
      url: 'https://example.org/tools/inspector/demo/mcp',
    });
    expect(fake.registered).toEqual(['https://example.org/tools/inspector/demo-sw.js']);
  });

  it('says a secure page is needed when the page is plain http on another host', async () => {
    const started = await startDemoServer(
      host({ isSecureContext: false, serviceWorker: undefined, pageUrl: 'http://192.168.1.5:8080/' }),
    );
    expect(started.ok).toBe(false);
    expect(!started.ok && started.error).toMatch(/secure pages \(https:\/\/, or http:\/\/localhost\).*192\.168\.1\.5/);
  });

  it('says there are no service workers here, and what to do instead', async () => {
    const started = await startDemoServer(host({ serviceWorker: undefined }));
    expect(!started.ok && started.error).toMatch(/offers none here.*Connect to a real MCP server instead/);
  });

  it('says why when the worker cannot be registered (no demo-sw.js on the host)', async () => {
    const fake = fakeContainer({ registerFails: 'A bad HTTP response code (404) was received' });
    const started = await startDemoServer(host({ serviceWorker: fake.container }));
    expect(!started.ok && started.error).toMatch(/could not start: A bad HTTP response code \(404\).*demo-sw\.js/);
  });

  it('gives up with a clear message when the browser never starts the worker', async () => {
    vi.useFakeTimers();
    try {
      const started = startDemoServer(host({ serviceWorker: fakeContainer({ hangs: true }).container }));
      await vi.advanceTimersByTimeAsync(5_000);
      const result = await started;
      expect(!result.ok && result.error).toMatch(/did not start and take over this page within 5 s/);
    } finally {
      vi.useRealTimers();
    }
  });
});
