import type { ParseResult } from '../session/io/session-file.ts';

/** The demo session shipped in public/demo/, recorded against the bundled mock (see public/demo/README.md). */
const DEMO_PATH = 'demo/mrtr-demo-session.json';

export async function loadDemoSession(fetchImpl: typeof fetch = fetch): Promise<ParseResult> {
  const url = `${import.meta.env.BASE_URL ?? '/'}${DEMO_PATH}`;
  try {
    const res = await fetchImpl(url, { headers: { Accept: 'application/json' } });
    if (!res.ok) return { ok: false, error: `The demo session could not be loaded (HTTP ${res.status} for ${url}).` };
    const [{ parseSessionFile }, text] = await Promise.all([import('../session/io/session-file.ts'), res.text()]);
    const parsed = parseSessionFile(text);
    return parsed.ok ? parsed : { ...parsed, error: `The demo session is invalid: ${parsed.error}` };
  } catch (err) {
    return {
      ok: false,
      error: `The demo session could not be loaded: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
