import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSessionFile, serializeSessionFile, toSessionFile } from './session-file.ts';
import type { SessionFileWorkerReply } from './session-file.worker.ts';
import { testSession } from './session.fixtures.ts';

const validText = serializeSessionFile(toSessionFile(testSession(), { redacted: false, now: Date.UTC(2026, 6, 28) }));

/** Loads the worker entry into this scope and returns what it posts for one message. */
async function ask(data: Blob | string): Promise<SessionFileWorkerReply> {
  const posted = vi.fn<(reply: SessionFileWorkerReply) => void>();
  vi.stubGlobal('postMessage', posted);
  vi.stubGlobal('onmessage', null);
  vi.resetModules();
  await import('./session-file.worker.ts');
  const handler = (globalThis as unknown as { onmessage: (e: { data: unknown }) => void }).onmessage;
  handler({ data });
  await vi.waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
  return posted.mock.calls[0]![0];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session file worker', () => {
  it('posts back the validated session when it is sent a valid file', async () => {
    expect(await ask(new Blob([validText]))).toEqual({ kind: 'parsed', result: parseSessionFile(validText) });
  });

  it('posts back the exact parse error when it is sent broken JSON', async () => {
    const reply = await ask('{"format":');
    expect(reply).toEqual({ kind: 'parsed', result: parseSessionFile('{"format":') });
    expect(reply.kind === 'parsed' && !reply.result.ok && reply.result.error).toMatch(/^The file is not valid JSON: /);
  });

  it('posts unreadable when the file cannot be read', async () => {
    const broken = { text: () => Promise.reject(new Error('NotReadableError')) } as unknown as Blob;
    expect(await ask(broken)).toEqual({ kind: 'unreadable', error: 'NotReadableError' });
  });
});
