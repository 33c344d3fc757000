/** Save text as a file through the browser's download (an object URL on a temporary link). */
export function downloadText(fileName: string, text: string, mimeType = 'application/json'): void {
  downloadBlob(fileName, new Blob([text], { type: mimeType }));
}

/** Save a Blob as a file through the browser's download (e.g. one a worker built). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `mrtr-session-2026-07-28-1405.json` */
export function stampedName(prefix: string, extension: string, at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}`;
  return `${prefix}-${stamp}.${extension}`;
}

/** A safe file name fragment from a conversation title. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'conversation'
  );
}
