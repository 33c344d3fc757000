/** What the local dev/preview server tells the page at start (absent when the app is served statically). */
export interface RuntimeConfig {
  /** the bundled mock server's MCP endpoint, when `npm start` started it */
  mockUrl?: string;
  /** other endpoints of the mock worth pre-listing (fleet, chaos) */
  mockEndpoints?: { label: string; url: string }[];
  /** local stdio servers the command line started (`--stdio`), reached through the relay */
  stdio?: { label: string; url: string }[];
  /** same-origin relay, when available */
  relay?: { token: string };
  /**
   * the inspector's proxies for watched clients (`--proxy`, or started from the page), when available; `running`:
   * how many run as the page loads (the page follows their traffic only once there is one)
   */
  proxy?: { enabled: boolean; running?: number };
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const res = await fetchImpl('/__inspector/config', { headers: { Accept: 'application/json' } });
    if (!res.ok) return {};
    const data = (await res.json()) as unknown;
    return typeof data === 'object' && data !== null ? (data as RuntimeConfig) : {};
  } catch {
    return {};
  }
}
