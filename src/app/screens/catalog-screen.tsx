import { useQuery } from '@tanstack/react-query';
import { Catalog } from '../../features/catalog/catalog.tsx';
import { connectedQuery } from '../../queries/connected-query.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import {
  discoverQuery,
  promptsQuery,
  resourcesQuery,
  templatesQuery,
  toolsQuery,
} from '../../queries/server-queries.ts';
import { useInspector } from '../../store/store-context.tsx';
import { ServerTasksScreen } from './server-tasks-screen.tsx';

/**
 * The catalog of the connected server: its four lists, the pick in the sidebar, and a click picks another; below them,
 * a 2025-11-25 server's tasks when it offers tasks/list.
 */
export function CatalogScreen() {
  const env = useQueryEnv();
  const { selection, select } = useInspector((s) => ({ selection: s.selection, select: s.select }));
  const tools = useQuery(connectedQuery(env, toolsQuery));
  const prompts = useQuery(connectedQuery(env, promptsQuery));
  const resources = useQuery(connectedQuery(env, resourcesQuery));
  const templates = useQuery(connectedQuery(env, templatesQuery));
  // the same query (same key) the connection bar reads: no extra request
  const discover = useQuery(connectedQuery(env, discoverQuery));
  return (
    <>
      <Catalog
        connected={env !== null}
        connectionFailed={discover.isError}
        tools={tools}
        prompts={prompts}
        resources={resources}
        templates={templates}
        selection={selection}
        onSelect={select}
      />
      <ServerTasksScreen />
    </>
  );
}
