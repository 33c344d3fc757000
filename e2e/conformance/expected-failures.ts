/**
 * Client scenarios that cannot pass yet, each with the reason in words (what is missing). The client runner fails
 * on any other failure, and on a listed scenario that passes (so this list stays true: remove the entry).
 */
export interface ExpectedFailure {
  reason: string;
}

/** Keyed by spec revision, then scenario. */
const EXPECTED_FAILURES: Record<string, Record<string, ExpectedFailure>> = {
  // all 25 auth/* scenarios pass, driven through the sign-in UI (journeys/auth.ts)
  '2026-07-28': {},
  // the non-auth four pass in the UI (journeys/legacy-2025.ts)
  '2025-11-25': {},
};

export function expectedFailure(specVersion: string, scenario: string): ExpectedFailure | undefined {
  return EXPECTED_FAILURES[specVersion]?.[scenario];
}
