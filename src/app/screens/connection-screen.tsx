import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { probeViaRelay } from '../../client/relay-fetch.ts';
import { ConnectionBar } from '../../features/connection/connection-bar.tsx';
import { ConnectionDoctor } from '../../features/doctor/connection-doctor.tsx';
import { supportedVersionsOf, versionRetryOf } from '../../protocol/doctor-plan.ts';
import { doctorQuery, type DoctorInput } from '../../queries/doctor-query.ts';
import { useQueryEnv } from '../../queries/query-env.ts';
import { RpcFailure } from '../../queries/rpc.ts';
import { discoverQuery } from '../../queries/server-queries.ts';
import { currentSettings } from '../../store/connection-slice.ts';
import { useDeps } from '../../store/deps-context.tsx';
import { useInspector, useInspectorStore } from '../../store/store-context.tsx';

/** The connection bar, and the doctor under it when a connect fails. */
export function ConnectionScreen() {
  return (
    <div>
      <ConnectionBar />
      <DoctorScreen />
    </div>
  );
}

function probeHeaders(token: string, custom: Record<string, string>): Record<string, string> {
  return { ...custom, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

/** Maps a failed discover to the doctor: retries a -32022 with a version we speak, else runs the checks. */
function DoctorScreen() {
  const store = useInspectorStore();
  const { config } = useDeps();
  // what the failed connect was made with (edits since then apply on the next Connect)
  const { captured, connectedUrl, nonce } = useInspector((st) => ({
    captured: st.connectedSettings,
    connectedUrl: st.connectedUrl,
    nonce: st.connectNonce,
  }));
  const settings = captured ?? (connectedUrl ? { ...currentSettings(store.getState()), url: connectedUrl } : null);
  const s = {
    url: settings?.url ?? null,
    nonce,
    version: settings?.protocolVersion ?? '',
    mode: settings?.transportMode ?? 'direct',
    token: settings?.bearerToken ?? '',
    headers: settings?.customHeaders ?? {},
  };
  const env = useQueryEnv();
  const discover = useQuery({ ...discoverQuery(env ?? ({} as never)), enabled: env !== null });
  const failure = env && discover.isError ? discover.error : null;
  const outcome = failure instanceof RpcFailure ? failure.outcome : undefined;
  const retry = outcome ? versionRetryOf(outcome, s.version) : undefined;

  const handled = useRef(-1);
  useEffect(() => {
    if (!retry || handled.current === s.nonce) return;
    handled.current = s.nonce;
    store.getState().retryWithVersion(retry.version, retry.note);
  }, [retry, s.nonce, store]);

  const input: DoctorInput = {
    failure: failure ?? new Error('not failed'),
    targetUrl: s.url ?? '',
    headers: probeHeaders(s.token, s.headers),
    viaRelay: s.mode === 'relay',
    appOrigin: window.location.origin,
    pageProtocol: window.location.protocol === 'https:' ? 'https:' : 'http:',
    nonce: s.nonce,
    probe: (opts) => probeViaRelay(opts),
  };
  if (config.relay) input.relayToken = config.relay.token;
  const doctor = useQuery({ ...doctorQuery(input), enabled: failure !== null && !retry });

  if (!failure || !s.url || retry) return null;
  const st = store.getState();
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
        onUseRelay={() => st.reconnectViaRelay()}
        onEnterToken={() => st.requestTokenFocus()}
        onUseVersion={(v) => st.retryWithVersion(v, `Pinned protocol version ${v} at your request.`)}
      />
    </div>
  );
}
