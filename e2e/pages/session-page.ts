import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { decodeSharePayload, shareFragment } from '../../src/session/io/share-link.ts';

/** The session toolbar (autosave, export, import, HAR, share, clear) and the recording banner, by roles and labels. */
export class SessionPage {
  readonly toolbar: Locator;
  readonly autosave: Locator;
  readonly problem: Locator;
  readonly message: Locator;
  readonly recording: Locator;

  constructor(readonly page: Page) {
    this.toolbar = page.getByRole('region', { name: 'Session', exact: true });
    this.autosave = page.getByRole('status', { name: 'Autosave' });
    this.problem = page.getByRole('alert', { name: 'Session problem' });
    this.message = page.getByRole('status', { name: 'Session message' });
    this.recording = page.getByRole('region', { name: 'Recording', exact: true });
  }

  button(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  /** Every change shows "Saving…" at once; this waits until it is written with this many legs. */
  async waitSaved(legs: number) {
    await expect(this.autosave).toHaveText(new RegExp(`^Saved · \\d+ conversations?, ${legs} legs?$`));
  }

  /** Click an export button and return the downloaded file's name and text. */
  async download(button: string): Promise<{ name: string; text: string }> {
    const downloading = this.page.waitForEvent('download');
    await this.button(button).click();
    const download = await downloading;
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }

  /** Choose a file through the "Import session" button's file chooser. */
  async importText(name: string, text: string, dir: string) {
    const path = `${dir}/${name}`;
    await writeFile(path, text);
    const choosing = this.page.waitForEvent('filechooser');
    await this.button('Import session').click();
    await (await choosing).setFiles(path);
  }

  /** Everything the app keeps in IndexedDB and localStorage, as text (to look for what must never be there). */
  async storedTexts(): Promise<string> {
    return this.page.evaluate(async () => {
      const texts: string[] = [JSON.stringify({ ...localStorage })];
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open(info.name!);
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        for (const name of Array.from(db.objectStoreNames)) {
          const all = db.transaction(name).objectStore(name).getAll();
          texts.push(JSON.stringify(await new Promise((resolve) => (all.onsuccess = () => resolve(all.result)))));
        }
        db.close();
      }
      return texts.join('\n');
    });
  }

  /** The session a share link carries, unpacked, as text. */
  async sharedText(): Promise<string> {
    const link = await this.shareLink();
    const payload = shareFragment(new URL(link).hash);
    const read = payload === undefined ? undefined : decodeSharePayload(payload);
    if (!read?.ok) throw new Error(`the share link did not unpack: ${read ? read.error : 'no payload'}`);
    return JSON.stringify(read);
  }

  async shareLink(): Promise<string> {
    await this.button('Share link').click();
    const box = this.toolbar.getByRole('textbox', { name: 'Share link' });
    await expect(box).toHaveValue(/#share=1\./);
    return box.inputValue();
  }

  async clear() {
    await this.button('Clear session').click();
    await this.page
      .getByRole('alertdialog', { name: 'Clear the whole session?' })
      .getByRole('button', { name: 'Clear everything' })
      .click();
  }
}
