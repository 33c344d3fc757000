import { serialize } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unboxParseResult } from './intern.ts';
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
  it('posts back the validated session, exactly as parsed once the page unboxes its strings', async () => {
    const reply = structuredClone(await ask(new Blob([validText])));
    expect(reply.kind).toBe('parsed');
    if (reply.kind === 'parsed') expect(unboxParseResult(reply.result)).toEqual(parseSessionFile(validText));
  });

  it('posts a reply whose clone carries each repeated string once', async () => {
    // the same serializer as a structured clone: a string at every place it appears, an object once
    const times = (bytes: Buffer, text: string) => bytes.toString('latin1').split(text).length - 1;
    const plain = serialize(parseSessionFile(validText));
    const sent = serialize(await ask(new Blob([validText])));
    // a header name appears only as a string of its own: once instead of once per exchange
    expect(times(plain, 'content-type')).toBeGreaterThan(1);
    expect(times(sent, 'content-type')).toBe(1);
    // a requestState also appears inside raw bodies (strings of their own); its own copies become one
    expect(times(sent, 'v1.eyJwIjp7fX0.sig')).toBeLessThan(times(plain, 'v1.eyJwIjp7fX0.sig') - 2);
    expect(sent.length).toBeLessThan(plain.length);
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
