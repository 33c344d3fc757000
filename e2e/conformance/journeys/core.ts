import { expect, type Locator } from '@playwright/test';
import type { ConformanceApp } from '../app-page.ts';
import type { Journey } from '../journey.ts';

/** Journeys for the non-authorization client scenarios of 2026-07-28, performed in the real UI. */
const REV = ['2026-07-28'] as const;

/** An argument control in the call panel, by its label (title or property name). */
function arg(panel: Locator, label: string): Locator {
  return panel.getByLabel(label, { exact: true });
}

/** Answers a single-checkbox elicitation card ("confirm" asking for `confirmed`) with Accept. */
async function confirm(app: ConformanceApp, key: string): Promise<void> {
  const card = app.inputRequest(key);
  await card.getByRole('checkbox', { name: 'confirmed' }).check();
  await card.getByRole('button', { name: 'Accept', exact: true }).click();
}

const toolsCall: Journey = {
  scenario: 'tools_call',
  specVersions: REV,
  async run({ app }) {
    await app.callTool('add_numbers', async (panel) => {
      await arg(panel, 'a').fill('2');
      await arg(panel, 'b').fill('3');
    });
    await app.expectResult('The sum of 2 and 3 is 5');
  },
};

/** Connecting is the whole journey: the server refuses the first request with -32022 and the app retries. */
const requestMetadata: Journey = {
  scenario: 'request-metadata',
  specVersions: REV,
  async run({ app }) {
    await expect(app.section('Tools')).toContainText(/no tools/i);
  },
};

const requestState: Journey = {
  scenario: 'sep-2322-client-request-state',
  specVersions: REV,
  async run({ app, page }) {
    // a call that asks for input, left waiting while an unrelated call runs
    await app.callTool('test_mrtr_echo_state');
    await expect(app.inputRequest('confirm')).toBeVisible();
    await app.callTool('test_mrtr_unrelated');
    await app.expectResult('unrelated-ok');
    // back to the first call: answer and retry
    await app.timeline.getByRole('button', { name: /^Round 1 tools\/call test_mrtr_echo_state/ }).click();
    await confirm(app, 'confirm');
    await app.sendRetry();
    await app.expectResult('echo-state-ok');
    await app.callTool('test_mrtr_no_state');
    await confirm(app, 'confirm');
    await app.sendRetry();
    await app.expectResult('no-state-ok');
    await app.callTool('test_mrtr_no_result_type');
    await app.expectResult('no-result-type-test-ok');
    await expect(page.getByRole('button', { name: /^Round 2 tools\/call test_mrtr_no_result_type/ })).toHaveCount(0);
  },
};

const standardHeaders: Journey = {
  scenario: 'http-standard-headers',
  specVersions: REV,
  async run({ app }) {
    for (const tool of ['test_headers', 'my-hyphenated-tool']) {
      await app.callTool(tool);
      await app.expectResult('Headers test completed');
    }
    await app.section('Resources').getByRole('button', { name: 'File with spaces', exact: true }).click();
    await app.callPanel.getByRole('button', { name: 'Read resource' }).click();
    await expect(app.result).toBeVisible();
    await app.section('Prompts').getByRole('button', { name: 'test_prompt', exact: true }).click();
    await app.callPanel.getByRole('button', { name: 'Get prompt' }).click();
    await expect(app.result).toBeVisible();
  },
};

const invalidToolHeaders: Journey = {
  scenario: 'http-invalid-tool-headers',
  specVersions: REV,
  async run({ app, log }) {
    await app.callTool('valid_tool', async (panel) => arg(panel, 'region').fill('us-west1'));
    await app.expectResult('Tool call received');
    const names = await app
      .section('Tools')
      .getByRole('button')
      .evaluateAll((els) => els.map((e) => e.ariaLabel ?? e.textContent?.trim() ?? ''));
    for (const name of names.filter((n) => n !== 'valid_tool')) {
      await app.tool(name).click();
      const call = app.callPanel.getByRole('button', { name: 'Call tool' });
      if (await call.isEnabled()) {
        // the app let the user call it: do so, and let the suite's check report it
        log(`${name}: callable`);
        await call.click();
        continue;
      }
      await expect(app.callPanel.getByRole('alert')).toContainText('x-mcp-header');
    }
  },
};

interface ToolCall {
  name: string;
  arguments: Record<string, string | number | boolean | null>;
}

/**
 * Types the scenario's arguments exactly as its context gives them, in the call panel's JSON editor ("Arguments as"
 * JSON): line breaks, CR LF, a leading tab, an empty string and null reach the body as they are, which one-line form
 * fields cannot do. A null where the schema wants a boolean fails the form's schema check; the user sends it anyway
 * (the header must then be omitted: SEP-2243, "Parameter value is null").
 */
async function typeArgumentsAsJson(app: ConformanceApp, call: ToolCall, log: (line: string) => void): Promise<void> {
  await app.tool(call.name).click();
  const panel = app.callPanel;
  await expect(panel.getByRole('heading', { name: call.name, exact: true })).toBeVisible();
  await panel.getByRole('group', { name: 'Arguments as' }).getByRole('button', { name: 'JSON' }).click();
  await panel.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(call.arguments, null, 2));
  await panel.getByRole('button', { name: 'Call tool' }).click();
  const leg = app.timeline.getByRole('button', { name: new RegExp(`^Round 1 tools/call ${call.name}:`) });
  const sendAnyway = panel.getByRole('button', { name: 'Send anyway' });
  await expect(leg.or(sendAnyway).first()).toBeVisible();
  if (await sendAnyway.isVisible()) {
    log(`${call.name}: the schema check refused the arguments; sent anyway`);
    await sendAnyway.click();
  }
  await expect(leg).toHaveCount(1);
}

const customHeaders: Journey = {
  scenario: 'http-custom-headers',
  specVersions: REV,
  async run({ app, context, log }) {
    const calls = (context.toolCalls ?? []) as ToolCall[];
    if (calls.length === 0) throw new Error('MCP_CONFORMANCE_CONTEXT has no toolCalls');
    for (const call of calls) {
      await typeArgumentsAsJson(app, call, log);
      await app.expectResult('Custom headers test completed');
    }
  },
};

/** A tool whose inputSchema has a network `$ref`: list it, open it, call it; the page must never fetch the ref. */
const refNoDeref: Journey = {
  scenario: 'json-schema-ref-no-deref',
  specVersions: REV,
  async run({ app }) {
    await app.callTool('lookup_user', async (panel) => arg(panel, 'id').fill('alice'));
    await expect(app.result).toBeVisible();
  },
};

export const journeys: Journey[] = [
  toolsCall,
  requestMetadata,
  requestState,
  standardHeaders,
  customHeaders,
  invalidToolHeaders,
  refNoDeref,
];
