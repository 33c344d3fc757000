/** Shannon entropy in bits per byte (0..8). 0 for empty input. */
export function shannonEntropy(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  const counts = new Uint32Array(256);
  for (const b of bytes) counts[b] = (counts[b] ?? 0) + 1;
  let h = 0;
  for (const c of counts) {
    if (c === 0) continue;
    const p = c / bytes.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * Entropy relative to the most a sample of this size could show (a 16-byte sample cannot exceed 4 bits/byte).
 * 1 means "every byte different / uniformly spread".
 */
export function normalisedEntropy(bytes: Uint8Array): number {
  if (bytes.length < 2) return 0;
  const max = Math.min(8, Math.log2(bytes.length));
  return max > 0 ? shannonEntropy(bytes) / max : 0;
}
