import type { Page } from '@playwright/test';
import type { ConformanceApp } from './app-page.ts';

/** What a journey gets: the page (already open and connected), the suite's server URL and scenario context. */
interface JourneyContext {
  page: Page;
  app: ConformanceApp;
  /** the built app's base URL (`http://127.0.0.1:4215`) */
  appUrl: string;
  /** the scenario server's URL, as the suite passed it */
  serverUrl: string;
  scenario: string;
  /** the protocol revision the suite runs the scenario at (MCP_CONFORMANCE_PROTOCOL_VERSION) */
  specVersion: string;
  /** MCP_CONFORMANCE_CONTEXT, parsed (scenario-specific data such as tool arguments or client credentials) */
  context: Record<string, unknown>;
  log: (line: string) => void;
}

/**
 * One client scenario, performed in the real UI. `connect: false` leaves opening the page to the journey (e.g. an
 * authorization journey that must watch the first request).
 */
export interface Journey {
  scenario: string;
  /** the revisions this journey is written for (the suite forwards the one it runs at) */
  specVersions: readonly string[];
  connect?: boolean;
  run(ctx: JourneyContext): Promise<void>;
}
