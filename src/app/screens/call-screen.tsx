import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CallPanel } from '../../features/call/call-panel.tsx';
import { callTargetOf } from '../../features/call/call-target.ts';
import { connectedQuery } from '../../queries/connected-query.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import { discoverQuery, promptsQuery, templatesQuery, toolsQuery } from '../../queries/server-queries.ts';
import { acceptsTaskCalls } from '../../protocol/tasks/legacy-wire.ts';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';

const EMPTY: Record<string, unknown> = {};

/** Maps the sidebar's pick, the server's lists and the typed arguments to the call panel, and its Call to the store. */
export function CallScreen() {
  const env = useQueryEnv();
  const { startCall, setCallArguments } = useInspectorActions();
  const { selection, selectionNonce, callArguments } = useInspector((s) => ({
    selection: s.selection,
    selectionNonce: s.selectionNonce,
    callArguments: s.callArguments,
  }));
  const tools = useQuery(connectedQuery(env, toolsQuery));
  const prompts = useQuery(connectedQuery(env, promptsQuery));
  const templates = useQuery(connectedQuery(env, templatesQuery));
  const discover = useQuery(connectedQuery(env, discoverQuery));
  // a 2025-11-25 server that accepts task-augmented calls: tools that run as tasks carry params.task
  const taskCalls = discover.data?.era === 'legacy' && acceptsTaskCalls(discover.data.capabilities);
  const target = useMemo(
    () => callTargetOf(selection, { tools: tools.data, prompts: prompts.data, templates: templates.data, taskCalls }),
    [selection, tools.data, prompts.data, templates.data, taskCalls],
  );
  const key = selection ? `${selection.kind}:${selection.name}` : '';
  return (
    <CallPanel
      target={target}
      targetKey={key}
      // typed arguments stay with their target while the user looks at other tools (kept in memory only)
      values={callArguments[key] ?? EMPTY}
      onValuesChange={(values) => setCallArguments(key, values)}
      pickNonce={selectionNonce}
      onCall={(request) => startCall(request, { focusFrom: 'Call' })}
    />
  );
}
