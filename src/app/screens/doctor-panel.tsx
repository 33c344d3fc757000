import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { probeViaRelay } from '../../client/relay-fetch.ts';
import { ConnectionDoctor } from '../../features/doctor/connection-doctor.tsx';
import { supportedVersionsOf, versionRetryOf } from '../../protocol/doctor-plan.ts';
import { doctorQuery, type DoctorInput } from '../../queries/doctor-query.ts';
import { RpcFailure } from '../../queries/rpc.ts';
import { useDeps } from '../../store/deps-context.tsx';
import { useInspector, useInspectorActions } from '../../store/store-context.tsx';
import { connectedSettingsOf } from '../../store/connection-slice.ts';

function probeHeaders(token: string, custom: Record<string, string>): Record<string, string> {
  return { ...custom, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

/**
 * Maps a failed discover to the doctor: retries a -32022 with a version we speak, else runs the checks. A lazy chunk
 * of the connection screen, mounted only when a connect failed.
 */
export function DoctorPanel({ failure }: { failure: Error }) {
  const actions = useInspectorActions();
  const { config } = useDeps();
  // what the failed connect was made with (edits since then apply on the next Connect)
  const settings = useInspector(connectedSettingsOf);
  const nonce = useInspector((st) => st.connectNonce);
  const s = {
    url: settings?.url ?? null,
    nonce,
    version: settings?.protocolVersion ?? '',
    mode: settings?.transportMode ?? 'direct',
    token: settings?.bearerToken ?? '',
    headers: settings?.customHeaders ?? {},
  };
  const outcome = failure instanceof RpcFailure ? failure.outcome : undefined;
  const retry = outcome ? versionRetryOf(outcome, s.version) : undefined;

  const handled = useRef(-1);
  useEffect(() => {
    if (!retry || handled.current === s.nonce) return;
    handled.current = s.nonce;
    actions.retryWithVersion(retry.version, retry.note);
  }, [retry, s.nonce, actions]);

  const input: DoctorInput = {
    failure,
    targetUrl: s.url ?? '',
    headers: probeHeaders(s.token, s.headers),
    viaRelay: s.mode === 'relay',
    appOrigin: window.location.origin,
    pageProtocol: window.location.protocol === 'https:' ? 'https:' : 'http:',
    nonce: s.nonce,
    probe: (opts) => probeViaRelay(opts),
  };
  if (config.relay) input.relayToken = config.relay.token;
  const doctor = useQuery({ ...doctorQuery(input), enabled: !retry });

  if (!s.url || retry) return null;
  return (
    <div className="border-b border-slate-200 bg-white px-4 pb-2">
      <ConnectionDoctor
        url={s.url}
        errorMessage={failure.message}
        running={doctor.isPending}
        findings={doctor.data?.findings ?? []}
        probed={doctor.data?.probed ?? false}
        {...(doctor.data?.probeError ? { probeError: doctor.data.probeError } : {})}
        relayAvailable={Boolean(config.relay)}
        viaRelay={s.mode === 'relay'}
        supportedVersions={outcome ? supportedVersionsOf(outcome) : []}
        currentVersion={s.version}
        onUseRelay={() => actions.reconnectViaRelay()}
        onEnterToken={() => actions.requestTokenFocus()}
        onUseVersion={(v) => actions.retryWithVersion(v, `Pinned protocol version ${v} at your request.`)}
      />
    </div>
  );
}
