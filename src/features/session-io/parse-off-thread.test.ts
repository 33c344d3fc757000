import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSessionFile, serializeSessionFile, toSessionFile } from '../../session/io/session-file.ts';
import type { SessionFileWorkerReply } from '../../session/io/session-file.worker.ts';
import { testSession } from '../../session/io/session.fixtures.ts';
import { boxParseResult } from '../../session/io/intern.ts';
import { parseSessionFileOffThread } from './parse-off-thread.ts';

const validText = serializeSessionFile(toSessionFile(testSession(), { redacted: false, now: Date.UTC(2026, 6, 28) }));
const wrongFormat = JSON.stringify({ format: 'something-else', version: 1 });

/** A stand-in `Worker` that answers every message with `reply` (or fails to start when `reply` is 'error'). */
function fakeWorker(reply: SessionFileWorkerReply | 'error') {
  const made: { url: string; options: WorkerOptions | undefined; terminated: boolean }[] = [];
  class FakeWorker {
    onmessage: ((e: MessageEvent) => void) | null = null;
    onerror: ((e: ErrorEvent) => void) | null = null;
    onmessageerror: (() => void) | null = null;
    private readonly record: (typeof made)[number];
    constructor(url: URL | string, options?: WorkerOptions) {
      this.record = { url: String(url), options, terminated: false };
      made.push(this.record);
    }
    postMessage() {
      queueMicrotask(() => {
        if (reply === 'error') this.onerror?.({ message: 'failed to load', preventDefault() {} } as ErrorEvent);
        else this.onmessage?.({ data: reply } as MessageEvent);
      });
    }
    terminate() {
      this.record.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return made;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseSessionFileOffThread', () => {
  it('gives the exact result of parseSessionFile when there is no Worker', async () => {
    expect(typeof Worker).toBe('undefined');
    expect(await parseSessionFileOffThread(new Blob([wrongFormat]))).toEqual(parseSessionFile(wrongFormat));
    expect(await parseSessionFileOffThread(new Blob(['{oops']))).toEqual(parseSessionFile('{oops'));
    expect(await parseSessionFileOffThread(new Blob([validText]))).toEqual(parseSessionFile(validText));
  });

  it('returns the worker reply and ends the worker when a module worker is available', async () => {
    const fromWorker = { ok: false as const, error: 'answered by the worker' };
    const made = fakeWorker({ kind: 'parsed', result: fromWorker });
    expect(await parseSessionFileOffThread(new Blob([validText]))).toEqual(fromWorker);
    expect(made).toHaveLength(1);
    expect(made[0]?.url).toMatch(/session-file\.worker\.ts$/);
    expect(made[0]?.options?.type).toBe('module');
    expect(made[0]?.terminated).toBe(true);
  });

  it('gives the session of a worker reply with its strings unboxed', async () => {
    // what the page receives: a clone of the worker's boxed result
    fakeWorker({ kind: 'parsed', result: structuredClone(boxParseResult(parseSessionFile(validText))) });
    expect(await parseSessionFileOffThread(new Blob([validText]))).toEqual(parseSessionFile(validText));
  });

  it('parses on the main thread with the same messages when the worker cannot start', async () => {
    const made = fakeWorker('error');
    expect(await parseSessionFileOffThread(new Blob([wrongFormat]))).toEqual(parseSessionFile(wrongFormat));
    expect(made[0]?.terminated).toBe(true);
  });

  it('reads the file again on the main thread when the worker could not read it', async () => {
    fakeWorker({ kind: 'unreadable', error: 'NotReadableError' });
    expect(await parseSessionFileOffThread(new Blob([validText]))).toEqual(parseSessionFile(validText));
  });
});
