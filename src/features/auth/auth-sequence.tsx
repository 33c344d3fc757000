import type { AuthActor, AuthStep } from '../../session/auth/auth-model.ts';

const LANES: { actor: AuthActor; label: string }[] = [
  { actor: 'you', label: 'You' },
  { actor: 'browser', label: 'Browser' },
  { actor: 'inspector', label: 'Inspector' },
  { actor: 'resource', label: 'Resource server' },
  { actor: 'auth-server', label: 'Authorization server' },
];

function lane(actor: AuthActor): number {
  return LANES.findIndex((l) => l.actor === actor);
}

/** One row per step: an arrow from one lane to another, with the step's title in plain words. */
export function AuthSequence({ steps }: { steps: AuthStep[] }) {
  return (
    <figure aria-label="Sign-in sequence" className="overflow-x-auto text-xs">
      <div className="grid grid-cols-5 gap-1 border-b border-slate-200 pb-1 font-semibold text-slate-700">
        {LANES.map((l) => (
          <span key={l.actor} className="text-center">
            {l.label}
          </span>
        ))}
      </div>
      <ol className="space-y-0.5 pt-1">
        {steps.map((s) => {
          const a = lane(s.from);
          const b = lane(s.to);
          const left = Math.min(a, b);
          const span = Math.abs(a - b) + 1;
          const arrow = a <= b ? '→' : '←';
          return (
            <li key={s.id} className="grid grid-cols-5 gap-1">
              <span
                style={{ gridColumn: `${left + 1} / span ${span}` }}
                className={`truncate rounded px-1 text-center ${s.status === 'failed' ? 'bg-red-100 text-red-900' : s.status === 'held' ? 'bg-amber-100' : 'bg-slate-100'}`}
              >
                {a <= b ? `${s.title} ${arrow}` : `${arrow} ${s.title}`}
                {s.response ? ` (${s.response.status})` : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
