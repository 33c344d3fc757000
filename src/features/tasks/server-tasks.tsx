/**
 * The tasks a 2025-11-25 server lists (`tasks/list`, offered when it declares `capabilities.tasks.list`): read only
 * when the user asks ("List tasks": the list changes as tasks run), each with its id, status and status message;
 * entries that do not read as tasks are named, not dropped. Props in, callbacks out; server text is rendered as text.
 */
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { TaskList } from '../../protocol/tasks/legacy-wire.ts';

export interface ServerTasksProps {
  /** undefined: not listed yet */
  list?: TaskList;
  loading: boolean;
  /** why the last listing failed */
  error?: string;
  onList: () => void;
}

export function ServerTasks(p: ServerTasksProps) {
  return (
    // a group, not a region: the Task panel's region name ("Task") must stay unique
    <div role="group" aria-label="Server tasks" className="mb-4">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Tasks</h2>
        <Button aria-disabled={p.loading} onClick={() => !p.loading && p.onList()}>
          {p.list ? 'List tasks again' : 'List tasks'}
        </Button>
      </div>
      {p.loading && <p className="text-xs text-slate-500">Listing tasks…</p>}
      {p.error && (
        <p role="alert" className="text-xs text-red-700">
          Could not list tasks: {p.error}
        </p>
      )}
      {p.list && p.list.tasks.length === 0 && !p.loading && (
        <p className="text-xs text-slate-500">The server lists no tasks.</p>
      )}
      {p.list && p.list.tasks.length > 0 && (
        <ul aria-label="Tasks the server lists" className="space-y-1 text-xs">
          {p.list.tasks.map((t) => (
            <li key={t.taskId} className="flex flex-wrap items-center gap-1">
              <span className="font-mono">{t.taskId}</span>
              <Badge tone={t.status === 'failed' ? 'bad' : t.status === 'completed' ? 'good' : 'info'}>
                {t.status}
              </Badge>
              {t.statusMessage && <span className="text-slate-600">{t.statusMessage}</span>}
            </li>
          ))}
        </ul>
      )}
      {p.list?.problems.map((problem) => (
        <p key={problem} className="text-xs text-amber-800">
          Not a task: {problem}
        </p>
      ))}
    </div>
  );
}
