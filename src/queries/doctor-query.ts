import { queryOptions } from '@tanstack/react-query';
import { diagnose, type DiagnoseInput, type Finding, type ProbeReport } from '../protocol/doctor.ts';
import { directErrorOf, relevantFindings } from '../protocol/doctor-plan.ts';
import { RpcFailure } from './rpc.ts';
import { LegacyProtocolError } from '../client/legacy/legacy-session.ts';

export interface DoctorInput {
  /** what the failed discover threw */
  failure: Error;
  targetUrl: string;
  /** same-origin relay token, when the relay is available */
  relayToken?: string;
  /** headers the probe should send too (Authorization, custom headers) */
  headers: Record<string, string>;
  viaRelay: boolean;
  appOrigin: string;
  pageProtocol: 'http:' | 'https:';
  /** the connect attempt this diagnosis belongs to */
  nonce: number;
  probe: (opts: {
    relayBase: string;
    token: string;
    target: string;
    headers: Record<string, string>;
  }) => Promise<ProbeReport>;
}

export interface DoctorReport {
  findings: Finding[];
  /** true when the relay looked at the server from outside the browser */
  probed: boolean;
  /** why the probe could not run, when it could not */
  probeError?: string;
}

function directErrorFrom(failure: Error): DiagnoseInput['directError'] {
  if (failure instanceof RpcFailure) return directErrorOf(failure.outcome, failure.exchange);
  // a 2025-11-25 handshake that failed: what the server answered to initialize
  const answered = failure instanceof LegacyProtocolError ? failure.exchange?.response : undefined;
  if (failure instanceof LegacyProtocolError && answered) {
    const out: NonNullable<DiagnoseInput['directError']> = {
      kind: 'http',
      message: failure.message,
      status: answered.status,
    };
    if (failure.exchange?.message !== undefined) out.body = failure.exchange.message;
    return out;
  }
  return { kind: 'network', message: failure.message };
}

/** Run the checks for one failed connect: the direct error, plus the relay's outside look when there is a relay. */
export async function runDoctor(input: DoctorInput): Promise<DoctorReport> {
  const directError = directErrorFrom(input.failure);
  const base: DiagnoseInput = {
    appOrigin: input.appOrigin,
    targetUrl: input.targetUrl,
    pageProtocol: input.pageProtocol,
  };
  if (directError) base.directError = directError;
  let probe: ProbeReport | undefined;
  let probeError: string | undefined;
  if (input.relayToken) {
    try {
      probe = await input.probe({
        relayBase: '',
        token: input.relayToken,
        target: input.targetUrl,
        headers: input.headers,
      });
    } catch (err) {
      probeError = err instanceof Error ? err.message : String(err);
    }
  }
  const findings = relevantFindings(diagnose(probe ? { ...base, probe } : base), input.viaRelay);
  const report: DoctorReport = { findings, probed: probe !== undefined };
  if (probeError !== undefined) report.probeError = probeError;
  return report;
}

export const doctorQuery = (input: DoctorInput) =>
  queryOptions({
    // the headers are not part of the key: they may hold the token, and the nonce changes on every connect anyway
    queryKey: ['doctor', input.targetUrl, input.viaRelay, input.nonce],
    queryFn: () => runDoctor(input),
    retry: false,
    staleTime: Infinity,
    gcTime: 60_000,
  });
