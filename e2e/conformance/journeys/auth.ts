/**
 * Journeys for the conformance suite's 25 `auth/*` client scenarios: drive the built app in Chromium the way a user
 * would (open the server, press "Sign in", let the sign-in window come back, use a tool, sign in again when the
 * server asks for more scope). The suite's authorization server redirects straight back with a code, so no person is
 * needed. What the suite's context provides (pre-registered credentials, a CIMD URL) is typed into the Authorization
 * region's "Client identity" fields, as a user would.
 */
import { expect, type Page } from '@playwright/test';
import type { Journey } from '../journey.ts';

export interface AuthJourneyContext {
  scenario: string;
  serverUrl: string;
  /** MCP_CONFORMANCE_CONTEXT, parsed */
  context: Record<string, unknown>;
}

/** The URL the suite expects as client_id in auth/basic-cimd (its AS never fetches it). */
export const CONFORMANCE_CIMD_URL = 'https://conformance-test.local/client-metadata.json';

const AUTH_SCENARIOS = new Set([
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
  'auth/authorization-server-migration',
  'auth/iss-supported',
  'auth/iss-not-advertised',
  'auth/iss-supported-missing',
  'auth/iss-wrong-issuer',
  'auth/iss-unexpected',
  'auth/iss-normalized',
  'auth/metadata-issuer-mismatch',
]);

export function isAuthScenario(name: string): boolean {
  return AUTH_SCENARIOS.has(name);
}

const authRegion = (page: Page) => page.getByRole('region', { name: 'Authorization' });
const signInNotice = (page: Page) =>
  page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Sign in' }) });

/** Settle: the flow is neither running nor waiting for the sign-in window. */
async function flowSettled(page: Page): Promise<void> {
  await expect(authRegion(page).getByRole('status').first()).not.toHaveText(
    /Signing in|Waiting for the sign-in window/,
    {
      timeout: 15_000,
    },
  );
}

async function fillIdentity(page: Page, j: AuthJourneyContext): Promise<void> {
  const region = authRegion(page);
  const clientId = typeof j.context.client_id === 'string' ? j.context.client_id : undefined;
  const secret = typeof j.context.client_secret === 'string' ? j.context.client_secret : undefined;
  if (!clientId && j.scenario !== 'auth/basic-cimd') return;
  await region.getByText('Client identity').click();
  if (clientId) await region.getByLabel('Client ID (pre-registered)').fill(clientId);
  if (secret) await region.getByLabel('Client secret').fill(secret);
  if (j.scenario === 'auth/basic-cimd')
    await region.getByLabel('Client ID Metadata Document URL').fill(CONFORMANCE_CIMD_URL);
}

const signInButton = (page: Page) => signInNotice(page).getByRole('button', { name: 'Sign in' });
const testTool = (page: Page) => page.getByRole('button', { name: 'test-tool', exact: true });

/** Whichever comes first: the server asks to sign in, the tool list shows up, or the app explains a refusal. */
async function next(page: Page, timeout: number): Promise<'sign-in' | 'tool' | 'refused' | 'nothing'> {
  const refused = authRegion(page).getByRole('alert');
  try {
    await signInButton(page).or(testTool(page)).or(refused).first().waitFor({ state: 'visible', timeout });
  } catch {
    return 'nothing';
  }
  if (await refused.isVisible()) return 'refused';
  if (await signInButton(page).isVisible()) return 'sign-in';
  return 'tool';
}

async function signIn(page: Page): Promise<void> {
  await signInButton(page).click();
  await flowSettled(page);
}

/** Call test-tool; true when the server asked for more scope (a Sign in is offered again). */
async function callTestTool(page: Page): Promise<boolean> {
  await testTool(page).click();
  await page.getByRole('button', { name: 'Call tool' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toBeVisible({ timeout: 10_000 });
  // the answer must be in before the notice is read: the app notes a 401/403 challenge when the response arrives,
  // so once the Result holds an outcome, a step-up's Sign in is already offered
  await expect(result).not.toContainText('No result yet.', { timeout: 15_000 });
  return signInButton(page).isVisible();
}

export async function runAuthJourney(page: Page, appUrl: string, j: AuthJourneyContext): Promise<void> {
  const url = new URL(appUrl);
  url.searchParams.set('server', j.serverUrl);
  url.searchParams.set('transport', 'relay');
  await page.goto(url.href);
  await expect(authRegion(page)).toBeVisible({ timeout: 15_000 });
  await fillIdentity(page, j);
  // sign in while the server asks (again after an authorization server migration, or until the app's retry limit)
  for (let round = 0; round < 6; round += 1) {
    const what = await next(page, round === 0 ? 15_000 : 3_000);
    if (what === 'refused' || what === 'nothing') return;
    if (what === 'sign-in') {
      await signIn(page);
      continue;
    }
    // the tools are listed: use the server; a 403 insufficient_scope asks for more scope (step-up)
    if (await callTestTool(page)) {
      await signIn(page);
      await callTestTool(page);
    }
    return;
  }
}

/**
 * One journey per auth scenario of the 2026-07-28 requirement set, and of the 2025-11-25 set (its 14 auth scenarios
 * are a subset: the same flow, then the era falls back to initialize); each opens the page itself (it must see the
 * 401).
 */
export const journeys: Journey[] = [...AUTH_SCENARIOS].map((scenario) => ({
  scenario,
  specVersions: ['2026-07-28', '2025-11-25'],
  connect: false,
  run: ({ page, appUrl, serverUrl, context }) => runAuthJourney(page, appUrl, { scenario, serverUrl, context }),
}));
