import { useToggleSet } from '../../components/ui/use-toggle-set.ts';
import {
  LANE_LABELS,
  type SequenceDiagram as Diagram,
  type SequenceStep,
} from '../../session/timeline/timeline-sequence.ts';

/** The steps to draw: a folded poll arrow (and the response arrow after it) opens into its polls when expanded. */
function visibleSteps(steps: SequenceStep[], open: ReadonlySet<string>): SequenceStep[] {
  const out: SequenceStep[] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.folded && open.has(step.legId)) {
      out.push(...step.folded);
      i += 1; // the folded response arrow
    } else out.push(step);
  }
  return out;
}

const LANE_GAP = 170;
const ROW = 34;
const TOP = 34;
const LEFT = 70;

/**
 * Lanes (you, browser tab, inspector, server) and one arrow per message, labelled in plain words. The SVG is a
 * picture with a title; the ordered list below it says the same in text for screen readers and copy-paste.
 * Labels can hold server text (keys, error messages): React renders them as text nodes.
 */
const MAX_STEPS = 200;

export function SequenceDiagramView({ diagram, title }: { diagram: Diagram; title: string }) {
  const { lanes } = diagram;
  const [open, toggle] = useToggleSet();
  const all = visibleSteps(diagram.steps, open);
  const steps = all.slice(0, MAX_STEPS);
  const hidden = all.length - steps.length;
  const foldOf = new Map(diagram.steps.filter((s) => s.folded).map((s) => [s.legId, s.folded!.length / 2]));
  if (steps.length === 0) return <p className="text-sm text-slate-500">No legs recorded yet.</p>;
  const x = (lane: string) => LEFT + lanes.indexOf(lane as never) * LANE_GAP;
  const width = LEFT * 2 + (lanes.length - 1) * LANE_GAP;
  const height = TOP + steps.length * ROW + 10;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto">
        <svg
          role="img"
          aria-labelledby="sequence-title"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          className="font-sans text-[10px]"
        >
          <title id="sequence-title">{`Sequence diagram: ${title}, ${steps.length} messages (listed below)`}</title>
          <defs>
            <marker id="seq-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto">
              <path d="M0,0 L10,5 L0,10 z" fill="#334155" />
            </marker>
          </defs>
          {lanes.map((lane) => (
            <g key={lane}>
              <text x={x(lane)} y={14} textAnchor="middle" className="fill-slate-800 font-semibold">
                {LANE_LABELS[lane]}
              </text>
              <line x1={x(lane)} x2={x(lane)} y1={20} y2={height} stroke="#cbd5e1" strokeDasharray="3 3" />
            </g>
          ))}
          {steps.map((step, i) => {
            const y = TOP + i * ROW + 14;
            const x1 = x(step.from);
            const x2 = x(step.to);
            const label = step.label.length > 48 ? `${step.label.slice(0, 48)}…` : step.label;
            return (
              <g key={i}>
                <line x1={x1} x2={x2} y1={y} y2={y} stroke="#334155" markerEnd="url(#seq-arrow)" />
                <text x={(x1 + x2) / 2} y={y - 4} textAnchor="middle" className="fill-slate-700">
                  {label}
                  <title>{`Round ${step.round}: ${step.label}`}</title>
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <ol aria-label="Sequence steps" className="list-decimal space-y-0.5 pl-6 text-xs text-slate-700">
        {steps.map((step, i) => (
          <li key={i}>
            Round {step.round}: {LANE_LABELS[step.from]} → {LANE_LABELS[step.to]}: {step.label}
            {(step.folded || (open.has(step.legId) && step.from === 'inspector' && foldOf.has(step.legId))) && (
              <button
                type="button"
                className="ml-2 rounded border border-slate-300 px-1"
                aria-expanded={open.has(step.legId)}
                onClick={() => toggle(step.legId)}
              >
                {open.has(step.legId) ? 'Fold the' : 'Show the'} {foldOf.get(step.legId)} polls
              </button>
            )}
          </li>
        ))}
      </ol>
      {hidden > 0 && <p className="text-xs text-slate-500">{hidden} more messages not drawn.</p>}
    </div>
  );
}
