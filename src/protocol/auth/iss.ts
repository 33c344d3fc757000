/**
 * RFC 9207 §2.4 as the MCP spec tabulates it ("Authorization Response Validation"). Pure: says what the client must do
 * with the `iss` of an authorization response. oauth4webapi's `validateAuthResponse` enforces the same table; this
 * gives the finding in plain words.
 */
export type IssVerdict = { ok: true; finding: string } | { ok: false; finding: string; reason: 'missing' | 'mismatch' };

export function checkIss(recordedIssuer: string, advertised: boolean, iss: string | null): IssVerdict {
  if (iss === null) {
    if (advertised)
      return {
        ok: false,
        reason: 'missing',
        finding:
          'The authorization server advertises authorization_response_iss_parameter_supported, but the redirect carried no iss: the response is rejected and the code is never sent.',
      };
    return {
      ok: true,
      finding: 'No iss in the redirect and the server does not advertise it: proceed (RFC 9207 §2.4).',
    };
  }
  // simple string comparison: no case folding, no default-port elision, no trailing-slash or percent normalisation
  if (iss !== recordedIssuer)
    return {
      ok: false,
      reason: 'mismatch',
      finding: `The redirect's iss "${iss}" is not the recorded issuer "${recordedIssuer}" (compared as exact strings${
        advertised ? '' : ', even though the server does not advertise iss'
      }): a mix-up attack is possible, so the code is never sent.`,
    };
  return { ok: true, finding: `iss matches the recorded issuer "${recordedIssuer}".` };
}
