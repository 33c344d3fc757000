/**
 * Records the demo session shipped in public/demo/ by driving the app's real store (the same actions the buttons
 * call) against the real bundled mock server. Run: `npx tsx e2e/demo/record-demo.ts`.
 */
import { writeFileSync } from 'node:fs';
import { startMockServer } from '../../src/node/mock-server/start.ts';
import { createInspectorStore } from '../../src/store/inspector-store.ts';
import { redactSession } from '../../src/session/io/redact.ts';
import { serializeSessionFile, toSessionFile } from '../../src/session/io/session-file.ts';
import type { InputResponse } from '../../src/protocol/types.ts';

const OUT = new URL('../../public/demo/mrtr-demo-session.json', import.meta.url);

const mock = await startMockServer({ port: 0 });
const store = createInspectorStore({ fetchFor: () => (url, init) => fetch(url, init), now: () => Date.now() });
const st = () => store.getState();
st().connect(mock.mcpUrl);

async function call(title: string, name: string, args: Record<string, string | number>): Promise<string> {
  return st().startCall({ method: 'tools/call', title, params: { name, arguments: args } });
}

async function answerAndSend(id: string, answers: Record<string, InputResponse>): Promise<void> {
  for (const [key, response] of Object.entries(answers)) {
    st().dispatch({ type: 'draft/answer', conversationId: id, key, response });
  }
  await st().sendDraft(id);
}

const accept = (content: Record<string, string | boolean>): InputResponse => ({ action: 'accept', content });

try {
  // 1. one question, then done
  const provision = await call('provision orders', 'provision', { name: 'orders' });
  await answerAndSend(provision, { region: accept({ region: 'eu-west-1' }) });

  // 2. three rounds; the state changes every round and carries the answers so far
  const upgrade = await call('rolling_upgrade prod-eu', 'rolling_upgrade', { cluster: 'prod-eu' });
  await answerAndSend(upgrade, { target_version: accept({ version: '1.30.2' }) });
  await answerAndSend(upgrade, { maintenance_window: accept({ window_start: '2026-08-01T02:00:00Z' }) });
  await answerAndSend(upgrade, { confirm: accept({ confirm: true }) });

  // 3. state-only legs: "not done yet, come back"
  const job = await call('slow_job', 'slow_job', { steps: 2 });
  await st().runToCompletion(job);

  // 4. a hostile client: the requestState is edited, the server refuses
  const tampered = await call('provision billing (tampered state)', 'provision', { name: 'billing' });
  const draft = st().session.conversations[tampered]!.draft!;
  const state = draft.requestState ?? '';
  st().dispatch({ type: 'draft/request-state', conversationId: tampered, value: `${state.slice(0, -4)}AAAA` });
  await answerAndSend(tampered, { region: accept({ region: 'us-east-1' }) });

  const session = redactSession(st().session);
  for (const c of Object.values(session.conversations)) {
    const legs = c.legIds.map((id) => session.legs[id]!.outcome.kind);
    console.log(`${c.title}: ${legs.join(' -> ')}`);
  }
  writeFileSync(OUT, serializeSessionFile(toSessionFile(session, { redacted: true, now: Date.now() })));
  console.log(`wrote ${OUT.pathname}`);
} finally {
  await mock.close();
}
