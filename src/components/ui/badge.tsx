import type { ReactNode } from 'react';

const tones = {
  neutral: 'bg-slate-200 text-slate-800',
  good: 'bg-emerald-100 text-emerald-900',
  warn: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
  info: 'bg-sky-100 text-sky-900',
} as const;

export type Tone = keyof typeof tones;

/** A badge's colours, for a row that draws its badges as plain inline spans (no component per badge). */
export function badgeTone(tone: Tone): string {
  return tones[tone];
}

export function Badge({ tone = 'neutral', children, title }: { tone?: Tone; children: ReactNode; title?: string }) {
  return (
    <span title={title} className={`inline-block rounded px-1.5 py-0.5 text-[11px] font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}
