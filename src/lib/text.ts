/** "1 leg", "3 legs". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * 1234567 -> "1,234,567": digit groups as en-US writes them, without Intl. A page's first Intl number format loads
 * ICU's data, ~12 ms inside whichever click first shows a size or a count (the first call's leg inspector).
 */
export function groupDigits(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [int = '', frac] = String(Math.abs(n)).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}
