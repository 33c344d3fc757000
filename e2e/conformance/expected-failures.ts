/**
 * Client scenarios that cannot pass yet, each with the reason and the issue that will make it pass. The client runner
 * fails on any other failure, and on a listed scenario that passes (so this list stays true: remove the entry).
 */
export interface ExpectedFailure {
  reason: string;
  issue: number;
}

/** Keyed by spec revision, then scenario. */
export const EXPECTED_FAILURES: Record<string, Record<string, ExpectedFailure>> = {
  // all 25 auth/* scenarios pass since issue 16 (journeys/auth.ts)
  '2026-07-28': {},
  // the non-auth four pass in the UI since issue 18 (journeys/legacy-2025.ts)
  '2025-11-25': {},
};

export function expectedFailure(specVersion: string, scenario: string): ExpectedFailure | undefined {
  return EXPECTED_FAILURES[specVersion]?.[scenario];
}
