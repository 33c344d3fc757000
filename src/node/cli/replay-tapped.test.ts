/**
 * Replaying a session that holds conversations tapped from a stdio server (`mrtr-inspector tap`): with `--stdio` the
 * replay starts that server here and replays against it; with `--server` it goes where it is told and says how to
 * replay against the tapped server instead. The command is never read from the file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_CAPABILITIES } from '../../protocol/envelope.ts';
import { parseRecordingFile } from '../../session/io/recordings.ts';
import { serializeSessionFile, toSessionFile } from '../../session/io/session-file.ts';
import type { SessionState } from '../../session/model.ts';
import { startStdioBridge } from '../stdio/stdio-bridge.ts';
import { DEMO_SERVER } from '../tap/tap.fixtures.ts';
import { nodeDriver } from './node-driver.ts';
import { replayCommand, tappedNote } from './replay-command.ts';

afterEach(() => vi.restoreAllMocks());

const TAPPED = `stdio: ${DEMO_SERVER.join(' ')} --api-key=sk-live-secret`;

/** A host's confirm_delete call through a tap, as the page records it (its server named by the tap's command line). */
async function tappedSessionFile(): Promise<string> {
  const bridge = await startStdioBridge({ argv: DEMO_SERVER });
  try {
    const d = nodeDriver('http://127.0.0.1/__stdio/record/mcp', 60_000, {}, (input, init) =>
      bridge.handle(new Request(input, init)),
    );
    const id = await d.start({
      method: 'tools/call',
      title: 'confirm_delete',
      params: { name: 'confirm_delete', arguments: { path: '/tmp/a.txt' } },
      capabilities: ALL_CAPABILITIES,
    });
    d.dispatch({
      type: 'draft/answer',
      conversationId: id,
      key: 'confirm',
      response: { action: 'accept', content: { delete: true } },
    });
    await d.sendDraft(id);
    const recorded = d.state();
    const session: SessionState = {
      ...recorded,
      conversations: { [id]: { ...recorded.conversations[id]!, serverUrl: TAPPED } },
    };
    const dir = mkdtempSync(join(tmpdir(), 'mrtr-replay-tapped-'));
    const file = join(dir, 'session.json');
    writeFileSync(file, serializeSessionFile(toSessionFile(session, { redacted: true, now: 1 })));
    return file;
  } finally {
    await bridge.close();
  }
}

describe('replay of a tapped session', () => {
  it('knows each tapped conversation by its command line, its secrets masked as saved', async () => {
    const { readFileSync } = await import('node:fs');
    const parsed = parseRecordingFile(readFileSync(await tappedSessionFile(), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.recordings.map((r) => r.tapped)).toEqual([`${DEMO_SERVER.join(' ')} --api-key=[redacted]`]);
  }, 60_000);

  it('with --stdio: starts that server here and replays against it, the same', async () => {
    const file = await tappedSessionFile();
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = `stdio: ${DEMO_SERVER.join(' ')}`;
    expect(await replayCommand({ kind: 'replay', file, server, stdio: DEMO_SERVER, json: false, ignore: [] })).toBe(0);
    expect(String(log.mock.calls[0]?.[0])).toContain('PASS  confirm_delete (tools/call, 2 rounds)');
    expect(String(error.mock.calls[0]?.[0])).toContain(`replayed against ${server}, started here`);
  }, 60_000);

  it('with --server: says the conversations were tapped, and how to replay them against that server', () => {
    const note = tappedNote(
      [{ title: 't', method: 'tools/call', params: {}, capabilities: {}, legs: [], tapped: 'python s.py' }],
      {
        server: 'http://h/mcp',
      },
    );
    expect(note).toContain('1 conversation was tapped from the stdio server "python s.py"');
    expect(note).toContain('--stdio "<command> <args>"');
    expect(note).toContain('replay never runs a command read from a file');
    expect(
      tappedNote([{ title: 't', method: 'tools/call', params: {}, capabilities: {}, legs: [] }], {
        server: 'http://h/mcp',
      }),
    ).toBeUndefined();
  });

  it('says why when the stdio server cannot start', async () => {
    const file = await tappedSessionFile();
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stdio = ['/no/such/server-binary'];
    expect(
      await replayCommand({
        kind: 'replay',
        file,
        server: 'stdio: /no/such/server-binary',
        stdio,
        json: false,
        ignore: [],
      }),
    ).toBe(2);
    expect(String(error.mock.calls.at(-1)?.[0])).toContain('could not start the stdio server');
  }, 60_000);
});
