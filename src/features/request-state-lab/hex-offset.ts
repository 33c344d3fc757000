/** `0x000c` style offsets for the hex grid and diff list (at least 4 digits). */
export function formatOffset(offset: number): string {
  return `0x${offset.toString(16).padStart(4, '0')}`;
}
