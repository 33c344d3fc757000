/**
 * `mrtr-inspector audit --html FILE`: the app's scorecard view (features/audit/scorecard-view.tsx) rendered to one
 * static page with react-dom/server, so the file shows the scorecards as the "Audit this server" panel does. No
 * script, no external asset: the few utility classes the view uses are defined in the page's own style sheet. React
 * escapes every text, so the server's names and answers stay text.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { ScorecardView } from '../../features/audit/scorecard-view.tsx';
import { legacyAuditNote, type AuditReport } from '../../session/audit/audit-report.ts';

/** The utility classes of the scorecard view and its badges, as the app's tailwind build defines them. */
export const PAGE_CLASSES: Record<string, string> = {
  rounded: 'border-radius:0.25rem',
  border: 'border-width:1px;border-style:solid',
  'border-t': 'border-top-width:1px;border-top-style:solid',
  'border-slate-200': 'border-color:#e2e8f0',
  'border-slate-100': 'border-color:#f1f5f9',
  'p-2': 'padding:0.5rem',
  'px-1.5': 'padding-left:0.375rem;padding-right:0.375rem',
  'py-0.5': 'padding-top:0.125rem;padding-bottom:0.125rem',
  'py-1': 'padding-top:0.25rem;padding-bottom:0.25rem',
  'mt-1': 'margin-top:0.25rem',
  'ml-auto': 'margin-left:auto',
  flex: 'display:flex',
  grid: 'display:grid',
  'inline-block': 'display:inline-block',
  'flex-wrap': 'flex-wrap:wrap',
  'items-baseline': 'align-items:baseline',
  'gap-2': 'gap:0.5rem',
  'gap-x-2': 'column-gap:0.5rem',
  'grid-cols-[auto_1fr]': 'grid-template-columns:auto 1fr',
  'space-y-0.5': '',
  'text-sm': 'font-size:0.875rem;line-height:1.25rem',
  'text-xs': 'font-size:0.75rem;line-height:1rem',
  'text-[11px]': 'font-size:11px',
  'font-semibold': 'font-weight:600',
  'font-medium': 'font-weight:500',
  'font-mono': 'font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace',
  'break-all': 'word-break:break-all',
  'break-words': 'overflow-wrap:break-word',
  'whitespace-pre-wrap': 'white-space:pre-wrap',
  'text-slate-600': 'color:#475569',
  'text-slate-700': 'color:#334155',
  'text-slate-800': 'color:#1e293b',
  'bg-slate-200': 'background-color:#e2e8f0',
  'bg-emerald-100': 'background-color:#d1fae5',
  'text-emerald-900': 'color:#064e3b',
  'bg-amber-100': 'background-color:#fef3c7',
  'text-amber-900': 'color:#78350f',
  'bg-red-100': 'background-color:#fee2e2',
  'text-red-900': 'color:#7f1d1d',
  'bg-sky-100': 'background-color:#e0f2fe',
  'text-sky-900': 'color:#0c4a6e',
};

const selector = (name: string) => `.${name.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`)}`;

function styleSheet(): string {
  const rules = Object.entries(PAGE_CLASSES)
    .filter(([, decl]) => decl)
    .map(([name, decl]) => `${selector(name)}{${decl}}`);
  return [
    '*,::before,::after{box-sizing:border-box;margin:0}',
    'body{font-family:system-ui,sans-serif;color:#0f172a;background:#fff;max-width:64rem;margin:0 auto;padding:1rem}',
    'main>*+*,section>*+*{margin-top:0.5rem}',
    'ul{list-style:none;padding:0}',
    `${selector('space-y-0.5')}>*+*{margin-top:0.125rem}`,
    ...rules,
  ].join('\n');
}

function Page({ report }: { report: AuditReport }) {
  const failed = report.scorecards.filter((c) => c.score.fail > 0).length;
  return (
    <main>
      <h1 className="text-sm font-semibold">
        Audit of <code className="break-all">{report.server}</code>
      </h1>
      <p role="status" aria-label="Audit summary" className="font-semibold">
        {report.cancelled ? 'Cancelled: ' : ''}
        {report.scorecards.length} audited, {failed} with failures
        {report.fleet.length ? ` (fleet: ${report.fleet.join(', ')})` : ''}.
      </p>
      {report.era && <p className="text-sm">{legacyAuditNote(report.era.reason)}</p>}
      {report.problems.map((p, i) => (
        <p key={i} className="text-xs text-amber-900">
          {p.method} failed: {p.message}
        </p>
      ))}
      <section aria-label="Scorecards">
        {report.scorecards.map((card) => (
          <ScorecardView key={`${card.method} ${card.name}`} card={card} />
        ))}
      </section>
      {report.notAsking.length > 0 && (
        <p className="text-xs text-slate-600">
          Not audited (their first answer asked nothing): {report.notAsking.map((n) => n.name).join(', ')}
        </p>
      )}
    </main>
  );
}

export function auditHtml(report: AuditReport): string {
  const body = renderToStaticMarkup(<Page report={report} />);
  const title = renderToStaticMarkup(<title>{`mrtr-inspector audit of ${report.server}`}</title>);
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n${title}\n<style>\n${styleSheet()}\n</style>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}
