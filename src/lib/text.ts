/** "1 leg", "3 legs". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/*
 * Numbers and dates are written here by hand, not with Intl or toLocaleString: a page's first locale format loads
 * ICU's data inside whichever render first shows one. A first number format costs about 12 ms (it landed in the first
 * call's leg inspector); a first date format costs 17-26 ms (it landed in the render that follows an import, the
 * recorded conversation's "Imported … on <date>", and made the first frame of a scroll 53 ms). Lint refuses locale
 * formatting in render code for this reason.
 */

/** 1234567 -> "1,234,567": digit groups as en-US writes them. */
export function groupDigits(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [int = '', frac] = String(Math.abs(n)).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** "14:03:07": the local time of day of a ms epoch, 24-hour, zero-padded ('' for a time that is not a number). */
export function timeOfDay(epochMs: number): string {
  const d = new Date(epochMs);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** "2026-11-28 14:03:07": local date and time of a ms epoch, year first ('' for a time that is not a number). */
export function localDateTime(epochMs: number): string {
  const d = new Date(epochMs);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${timeOfDay(epochMs)}`;
}
