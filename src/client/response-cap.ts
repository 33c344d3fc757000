/**
 * The size cap on a response the page reads straight from a server (a direct connection). The relay caps what it
 * passes back (64 MiB unless RELAY_MAX_RESPONSE_BYTES says otherwise, src/node/relay/relay.md); a direct response had no
 * cap at all, so one hostile or runaway server could fill the page's memory and take the whole session down with it.
 */

/** The cap on a direct response: the relay's default, so both ways in take the same answers. */
export const DIRECT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

const MIB = 1024 * 1024;

/** A size as the user reads it: bytes below 1 MiB, else MiB with one decimal. */
function sizeText(bytes: number): string {
  if (bytes < MIB) return `${bytes} bytes`;
  const mib = bytes / MIB;
  return `${Number.isInteger(mib) ? String(mib) : mib.toFixed(1)} MiB`;
}

/** The Content-Length a response declares, when it declares one. */
export function declaredLength(headers: Headers): number | undefined {
  const raw = headers.get('content-length');
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  return Number(raw);
}

/**
 * Why a direct response was stopped: how big it is (or was when stopped), the cap, and what to do. `declared`: the
 * server announced the size (Content-Length) and nothing was read; otherwise the body grew past the cap while read.
 */
export function overCapMessage(cap: number, declared?: number): string {
  const what =
    declared !== undefined
      ? `the server declared a response of ${sizeText(declared)} (Content-Length), over the ${sizeText(cap)} cap on a direct response, so the inspector did not read it`
      : `the response grew past the ${sizeText(cap)} cap on a direct response, so the inspector stopped reading it there (what came up to the cap is recorded)`;
  return `${what}. The cap keeps one answer from filling the page's memory; to take a larger one, connect through the relay (Connection settings, Transport) with RELAY_MAX_RESPONSE_BYTES set above its size when starting the inspector, or ask the server for less`;
}
