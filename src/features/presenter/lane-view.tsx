import type { LegStory } from './captions.ts';

const toneColour: Record<LegStory['tone'], string> = {
  ask: 'border-sky-500 text-sky-200',
  done: 'border-emerald-500 text-emerald-200',
  fail: 'border-red-500 text-red-200',
  wait: 'border-amber-500 text-amber-200',
};

function Arrow({ label, direction, className }: { label: string; direction: 'right' | 'left'; className: string }) {
  return (
    <div className={`relative py-1 ${className}`}>
      <p className="px-6 text-center font-mono text-base">{label}</p>
      <div className={`relative mx-2 border-t-2 ${className.split(' ')[0]}`}>
        <span
          aria-hidden="true"
          className={`absolute -top-3.5 text-lg ${direction === 'right' ? '-right-1' : '-left-1'}`}
        >
          {direction === 'right' ? '▶' : '◀'}
        </span>
      </div>
    </div>
  );
}

/**
 * A two-lane sequence view (client | server): one request arrow and one response arrow per leg shown so far, the
 * current leg highlighted. Drawn with boxes and borders; all text is plain text.
 */
export function LaneView({ stories, current }: { stories: LegStory[]; current: number }) {
  return (
    <div className="grid grid-cols-[8rem_1fr_8rem] gap-x-2 text-slate-100">
      <div className="rounded bg-slate-700 py-2 text-center text-lg font-semibold">Client</div>
      <div />
      <div className="rounded bg-slate-700 py-2 text-center text-lg font-semibold">Server</div>
      <ol aria-label="Sequence" className="col-span-3 grid grid-cols-[8rem_1fr_8rem] gap-x-2">
        {stories.slice(0, current + 1).map((s, i) => (
          <li
            key={i}
            aria-current={i === current ? 'step' : undefined}
            className={`col-span-3 grid grid-cols-subgrid ${i === current ? 'opacity-100' : 'opacity-50'}`}
          >
            <div className="border-r-2 border-slate-500" />
            <div>
              <Arrow label={s.request} direction="right" className="border-slate-300 text-slate-200" />
              <Arrow label={s.response} direction="left" className={toneColour[s.tone]} />
            </div>
            <div className="border-l-2 border-slate-500" />
          </li>
        ))}
      </ol>
    </div>
  );
}
