import type { HeaderList } from '../../protocol/exchange.ts';
import { isMcpHeader } from '../../protocol/headers.ts';
import { redactHeaderValue } from '../../session/io/redact.ts';

/** Headers as sent or received; MCP headers highlighted, secret values masked (the one rule, `isSecretHeader`). */
export function HeadersTable({ headers, label }: { headers: HeaderList; label: string }) {
  if (headers.length === 0) return <p className="text-xs text-slate-500">No headers.</p>;
  return (
    <table aria-label={label} className="w-full text-left font-mono text-xs">
      <tbody>
        {headers.map(([k, v], i) => (
          <tr key={`${k}-${i}`} className={isMcpHeader(k) ? 'bg-indigo-50' : ''}>
            <th scope="row" className="pr-2 align-top font-semibold whitespace-nowrap">
              {k}
              {isMcpHeader(k) && <span className="sr-only"> (MCP header)</span>}
            </th>
            <td className="break-all">{redactHeaderValue(k, v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
