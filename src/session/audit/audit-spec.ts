/**
 * The audit's checks: what each one means, the spec text it rests on (MCP 2026-07-28, "Multi Round-Trip Requests",
 * its server requirements, error handling and security considerations; the transport's header and capability rules)
 * and the fix a server author applies when it fails. Data only.
 */

export type CheckId =
  | 'baseline'
  | 'tamper'
  | 'binding'
  | 'principal'
  | 'reuse'
  | 'expiry'
  | 'missing'
  | 'decline'
  | 'cancel'
  | 'capability'
  | 'header'
  | 'frozen'
  | 'opaque'
  | 'pinning'
  | 'fleet'
  | 'audience';

export interface CheckSpec {
  title: string;
  spec: string;
  fix: string;
}

const MRTR = 'Multi Round-Trip Requests, server requirements';

export const CHECKS: Record<CheckId, CheckSpec> = {
  baseline: {
    title: 'The flow completes with the state the server gave',
    spec: `${MRTR}: "the server processing the retry does not need any information beyond what is directly present in the retry request."`,
    fix: 'Verify state with a key every instance has; keep nothing a retry needs outside requestState.',
  },
  tamper: {
    title: 'Tampered state is refused',
    spec: `${MRTR}: "servers MUST treat requestState as an attacker-controlled input ... MUST protect its integrity (e.g. HMAC or AEAD) and MUST reject state that fails verification."`,
    fix: 'Sign (HMAC, e.g. the TS SDK createRequestStateCodec) or seal (AES-GCM) requestState and reject any token that fails verification before using it.',
  },
  binding: {
    title: 'State is bound to the request it was minted for (arguments, tool or prompt, method)',
    spec: `${MRTR}: servers SHOULD include "an identifier for the originating request, e.g. the method name and a digest of its salient parameters, rejecting state presented on a request that does not match."`,
    fix: "Put the method, the tool/prompt/URI and a digest of the arguments inside the protected payload (the SDK codec's bind option) and compare on receipt.",
  },
  principal: {
    title: 'State minted for one user is refused for another',
    spec: `${MRTR}: state is attacker-controlled input and must be bound to the user it was minted for (the user-binding the TypeScript SDK's codec documents as a MUST); the Python SDK binds the token's client, issuer and subject, so two users of one OAuth client are told apart.`,
    fix: "Bind the state to the token's client, issuer and subject (the Python SDK's RequestStateSecurity does by default; the TS SDK codec's bind option must return them) and refuse a mismatch.",
  },
  reuse: {
    title: 'State is not accepted again after the call completed',
    spec: `${MRTR}: "these measures bound the replay window ... but do not by themselves guarantee single-use. Servers for which a given requestState must be consumed at most once MUST enforce that invariant server-side."`,
    fix: 'For one-time effects (payments, redemptions) record a nonce from the state when the call completes and refuse it the second time; otherwise keep the TTL short.',
  },
  expiry: {
    title: 'Expired state is refused (after its exp, or after the wait you gave)',
    spec: `${MRTR}: servers SHOULD include "a short expiry (TTL), rejecting state presented after it lapses."`,
    fix: "Put an expiry inside the protected payload (the SDK codec's ttlSeconds) and reject state past it.",
  },
  missing: {
    title: 'A missing answer is asked for again',
    spec: 'Multi Round-Trip Requests, error handling: "the server SHOULD respond with a new IncompleteResult requesting the missing information again, rather than returning an error."',
    fix: 'When an expected inputResponses key is absent, answer input_required with the same request again.',
  },
  decline: {
    title: 'A declined elicitation is handled',
    spec: `${MRTR}: "Servers MUST NOT assume that clients will fulfill the inputRequests"; elicitation: decline is a normal user action.`,
    fix: 'Treat action "decline" as an answer: finish with a result (isError if the call cannot go on) or ask again; never a protocol error.',
  },
  cancel: {
    title: 'A cancelled elicitation is handled',
    spec: `${MRTR}: "Servers MUST NOT assume that clients will fulfill the inputRequests"; elicitation: cancel is a normal user action.`,
    fix: 'Treat action "cancel" as an answer: end the call with a result that says nothing was done.',
  },
  capability: {
    title: 'Nothing is asked for that the client did not declare (-32021 when a capability is missing)',
    spec: `${MRTR}: "Servers MUST NOT send an inputRequests that the client has not declared support for in its capabilities." A 2026-07-28 client declares them in every request's _meta["io.modelcontextprotocol/clientCapabilities"] ({} = none); a request lacking a capability it needs is answered HTTP 400 / -32021 with data.requiredCapabilities.`,
    fix: "Read clientCapabilities from the request's _meta before asking; when one the call needs is missing, answer 400 / -32021 with data.requiredCapabilities naming it (the SDKs' resolver gate does), including in handlers that build their own input_required result.",
  },
  header: {
    title: 'A header that disagrees with the body gets -32020',
    spec: 'Streamable HTTP (2026-07-28): Mcp-Method / Mcp-Name must equal the body; a missing or disagreeing header is answered 400 / -32020 (header mismatch).',
    fix: 'Compare Mcp-Method, Mcp-Name and Mcp-Param-* with the JSON-RPC body before dispatching (the SDK handler does).',
  },
  frozen: {
    title: 'Every bad state gets the same error (no oracle)',
    spec: 'Security considerations: a client must not learn why a state failed (a MAC, a binding, an expiry); the TS SDK codec answers every failure with one frozen -32602 "Invalid or expired requestState".',
    fix: 'Map every verification failure to one error (same HTTP status, code, message and data); log the reason on the server only.',
  },
  opaque: {
    title: 'The state does not show its payload to the client',
    spec: 'Multi Round-Trip Requests: requestState is "an opaque string meaningful only to the server"; clients MUST NOT inspect it, but anything readable in it is readable by them.',
    fix: 'Keep secrets out of readable (signed-only) state, or seal it (AEAD) so the client cannot read it.',
  },
  fleet: {
    title: 'State minted by one instance is accepted by another',
    spec: 'Multi Round-Trip Requests: MRTR exists to work "without requiring a shared storage layer across server instances or requiring stateful load balancing."',
    fix: 'Give every instance behind one URL the same requestState key (or key set for rotation). Rotate in three phases, each fully rolled out before the next: [OLD, NEW] (every instance verifies NEW), then [NEW, OLD] (NEW mints), then [NEW] one TTL later.',
  },
  pinning: {
    title: 'An answer is used for the question it answers, and a stable question is asked once',
    spec: `${MRTR}: a server may answer input_required again, and clients cap the rounds (SDK default 10). The Python SDK pins each answer to the question the client was shown: a reworded question (a redeploy) is asked again rather than answered with a stale answer, and a message built from per-call data (a timestamp, a live rate) is asked again every round until the client's round cap ends the call.`,
    fix: "Derive each question's message and schema from the arguments and the state, not from per-call data (time, live rates, counters); put changing figures in the result instead.",
  },
  audience: {
    title: "Another service that shares the key refuses this server's state",
    spec: "Security considerations: state minted by one service must not be accepted by another service that shares its secret; the Python SDK seals the server's name as the audience and refuses any other.",
    fix: "Put the service's own name in the protected payload (an audience) and refuse state whose audience is not yours, or give each service its own key.",
  },
};
