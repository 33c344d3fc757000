/**
 * A signed-looking requestState of exactly `bytes` ASCII bytes: `v1.<base64url JSON payload>.<43-char signature>`,
 * the shape the TS SDK codec produces, padded with a long `p.blob` so the hex view has real structure to show.
 */
export function largeToken(bytes: number): string {
  const sig = 'q3Jx0c2V9aW5kZXgtYmVuY2gtc2lnbmF0dXJlLXBhZA';
  const head = 'v1.';
  const room = Math.max(0, bytes - head.length - 1 - sig.length);
  const prefix = btoa(JSON.stringify({ p: { step: 'bench', items: [1, 2, 3] }, exp: 1795304578, b: 'bench' }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let seed = 7;
  const filler: string[] = [];
  for (let i = prefix.length; i < room; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    filler.push(alphabet[(seed >>> 16) % alphabet.length] ?? 'A');
  }
  return `${head}${prefix.slice(0, room)}${filler.join('')}.${sig}`;
}
