import { useMemo, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { localDateTime } from '../../lib/text.ts';
import { factsLine, type Difference } from '../../session/flows/compare-legs.ts';
import { comparableRuns, compareRuns, recordedAnswers } from '../../session/io/compare.ts';
import { importOrigin } from '../../session/io/import-origin.ts';
import type { InputResponse } from '../../protocol/types.ts';
import type { Conversation, SessionState } from '../../session/model.ts';

const sourceLabel = { file: 'a session file', link: 'a share link', demo: 'the demo' } as const;

/**
 * For a recorded (imported) conversation: says it is offline, offers "Re-run against live server", and compares the
 * recording with re-runs of the same call round by round.
 */
export function RecordedConversation({
  session,
  id,
  connected,
  onRerun,
  onAnswer,
}: {
  session: SessionState;
  /** the selected conversation */
  id: string | null;
  /** a server is connected: a re-run can go out */
  connected: boolean;
  /** call the recorded conversation's method again, live */
  onRerun: (recorded: Conversation) => void;
  /** answer one request of the live run's next leg with what the recording answered */
  onAnswer: (conversationId: string, key: string, response: InputResponse) => void;
}) {
  const conversation = id ? session.conversations[id] : undefined;
  const runs = useMemo(() => (id ? comparableRuns(session, id) : []), [session, id]);
  const [otherId, setOtherId] = useState<string | null>(null);
  if (!conversation) return null;
  const origin = importOrigin(conversation);
  if (!origin && runs.length === 0) return null;
  const other = runs.find((r) => r.id === otherId) ?? runs[runs.length - 1];
  const recorded = origin ? conversation : other;
  const live = origin ? other : conversation;
  const replay = recorded && live && !importOrigin(live) ? recordedAnswers(session, recorded.id, live.id) : {};
  const replayKeys = Object.keys(replay);

  return (
    <section aria-label="Recording" className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
      {origin && (
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="warn">recorded · offline</Badge>
          <p className="flex-1">
            Imported from {sourceLabel[origin.source]} ({origin.name}) on {localDateTime(origin.at)}. These legs are a
            recording: nothing is sent again unless you ask.
          </p>
          <Button variant="primary" onClick={() => onRerun(conversation)} disabled={!connected}>
            Re-run against live server
          </Button>
        </div>
      )}
      {origin && !connected && <p className="text-xs text-slate-600">Connect to a server to re-run this call.</p>}
      {other && recorded && live && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor="compare-with" className="font-semibold">
              Compare with
            </label>
            <select
              id="compare-with"
              className="rounded border border-slate-300 px-1 py-0.5"
              value={other.id}
              onChange={(e) => setOtherId(e.target.value)}
            >
              {runs.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title} ({importOrigin(r) ? 'recorded' : 'live'})
                </option>
              ))}
            </select>
            {replayKeys.length > 0 && live.draft && (
              <Button
                onClick={() => {
                  for (const key of replayKeys) {
                    const response = replay[key];
                    if (response) onAnswer(live.id, key, response);
                  }
                }}
              >
                Use recorded answers ({replayKeys.join(', ')})
              </Button>
            )}
          </div>
          <CompareTable rows={compareRuns(session, recorded.id, live.id)} />
        </div>
      )}
    </section>
  );
}

function CompareTable({ rows }: { rows: ReturnType<typeof compareRuns> }) {
  return (
    <table aria-label="Compare runs" className="w-full table-fixed text-left text-xs">
      <thead>
        <tr>
          <th className="w-14">Round</th>
          <th>Recorded</th>
          <th>Live</th>
          <th className="w-20">Same?</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.round} className="border-t border-amber-200 align-top">
            <td>#{r.round}</td>
            <td className="break-words">{r.recorded ? factsLine(r.recorded) : '—'}</td>
            <td className="break-words">{r.live ? factsLine(r.live) : '—'}</td>
            <td>
              {r.differences.length === 0 ? (
                'same'
              ) : (
                <Badge tone="warn" title={r.differences.map(differenceText).join('\n')}>
                  differs
                </Badge>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function differenceText(d: Difference): string {
  return `${d.field}${d.path ? ` ${d.path}` : ''}: ${d.recorded} -> ${d.live}`;
}
