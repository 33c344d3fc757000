import { SPEC } from '../../protocol/auth/spec-refs.ts';
import type { AuthStep } from '../../session/auth/auth-model.ts';

function Headers({ list }: { list: [string, string][] }) {
  if (list.length === 0) return <p className="text-slate-500">(no headers)</p>;
  return (
    <table className="w-full text-left font-mono">
      <tbody>
        {list.map(([k, v], i) => (
          <tr key={`${k}-${i}`}>
            <th className="pr-2 align-top font-normal text-slate-600">{k}</th>
            <td className="break-all">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One recorded exchange: request and response (headers, body), via, the spec section, findings in plain words. */
export function AuthStepView({ step, index }: { step: AuthStep; index: number }) {
  const spec = SPEC[step.spec];
  const summary = `${index + 1}. ${step.title}${step.request ? `: ${step.request.method} ${step.request.url}` : ''}${
    step.response ? ` → ${step.response.status}` : step.status === 'held' ? ' (held)' : ''
  }`;
  return (
    <li>
      <details
        className="rounded border border-slate-200 px-2 py-1 text-xs"
        open={step.status === 'held' || step.status === 'failed'}
      >
        <summary className={`cursor-pointer break-all ${step.status === 'failed' ? 'text-red-800' : ''}`}>
          {summary}
          {step.edited ? ' (edited by you)' : ''}
          {step.via ? ` · ${step.via}` : ''}
        </summary>
        <div className="space-y-2 pt-1">
          <p>
            Follows:{' '}
            <a className="text-indigo-700 underline" href={spec.url} target="_blank" rel="noopener noreferrer">
              {spec.title}
            </a>
          </p>
          {step.findings.length > 0 && (
            <ul aria-label="Findings" className="list-disc pl-4">
              {step.findings.map((f, i) => (
                <li key={i}>{f}</li>
              ))}
            </ul>
          )}
          {step.request && (
            <div>
              <p className="font-semibold">Request</p>
              <p className="break-all font-mono">
                {step.request.method} {step.request.url}
              </p>
              <Headers list={step.request.headers} />
              {step.request.body !== undefined && (
                <pre className="whitespace-pre-wrap break-all font-mono">{pretty(step.request.body)}</pre>
              )}
            </div>
          )}
          {step.response && (
            <div>
              <p className="font-semibold">Response {step.response.status}</p>
              <Headers list={step.response.headers} />
              {step.response.body && (
                <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all font-mono">
                  {pretty(step.response.body)}
                </pre>
              )}
            </div>
          )}
        </div>
      </details>
    </li>
  );
}
