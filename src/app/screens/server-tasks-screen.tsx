import { useQuery } from '@tanstack/react-query';
import { ServerTasks } from '../../features/tasks/server-tasks.tsx';
import { listsTasks } from '../../protocol/tasks/legacy-wire.ts';
import { connectedQuery } from '../../queries/connected-query.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import { discoverQuery, serverTasksQuery } from '../../queries/server-queries.ts';

/** The tasks of a connected 2025-11-25 server that declares `tasks.list`, listed when the user asks; else nothing. */
export function ServerTasksScreen() {
  const env = useQueryEnv();
  const discover = useQuery(connectedQuery(env, discoverQuery));
  const tasks = useQuery(connectedQuery(env, serverTasksQuery));
  if (discover.data?.era !== 'legacy' || !listsTasks(discover.data.capabilities)) return null;
  return (
    <ServerTasks
      loading={tasks.isFetching}
      {...(tasks.data ? { list: tasks.data } : {})}
      {...(tasks.error ? { error: tasks.error.message } : {})}
      onList={() => void tasks.refetch()}
    />
  );
}
