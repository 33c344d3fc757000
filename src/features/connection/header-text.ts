/** The custom-headers textarea: one `Name: value` per line. */

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers a browser will not let a page set (fetch drops or refuses them). */
const FORBIDDEN = new Set(['host', 'origin', 'referer', 'cookie', 'content-length', 'connection', 'keep-alive']);
/** Set by the inspector itself from the request body and the settings. */
const MANAGED = new Set(['content-type', 'accept', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'authorization']);

export function formatHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** Parsed headers, or a message naming the first bad line. */
export function parseHeaders(text: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    const where = `Line ${i + 1}`;
    const idx = line.indexOf(':');
    if (idx <= 0) return `${where}: expected "Name: value"`;
    const name = line.slice(0, idx).trim();
    const value = line.slice(idx + 1).trim();
    const lower = name.toLowerCase();
    if (!TOKEN.test(name)) return `${where}: "${name}" is not a valid header name`;
    if (FORBIDDEN.has(lower)) return `${where}: browsers do not let a page set ${name}`;
    if (lower === 'authorization') return `${where}: use the Bearer token field for Authorization`;
    if (MANAGED.has(lower) || lower.startsWith('mcp-param-')) return `${where}: ${name} is set from the request itself`;
    if (/[^\x20-\x7e\t]/.test(value)) return `${where}: the value of ${name} must be plain ASCII`;
    out[name] = value;
  }
  return out;
}
