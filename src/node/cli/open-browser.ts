/** `--open`: hand the page URL to the desktop's opener, with the URL as one argument (never through a shell). */
import { spawn } from 'node:child_process';

export function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['explorer.exe', [url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => console.error(`Could not open a browser (${command}); open the URL above yourself.`));
    child.unref();
  } catch {
    console.error(`Could not open a browser (${command}); open the URL above yourself.`);
  }
}
