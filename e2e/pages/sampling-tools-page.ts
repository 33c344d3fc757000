import type { Locator } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** A sampling card whose request offers tools, answered with a tool use reply, by roles and labels. */
export class SamplingToolsPage {
  constructor(readonly inspector: InspectorPage) {}

  card(key: string): Locator {
    return this.inspector.inputRequest(key);
  }

  /** Fills the first tool use row: the tool, its input (JSON text) and, when given, the id. */
  async composeToolUse(key: string, tool: string, input: string, id?: string): Promise<void> {
    const row = this.card(key).getByRole('listitem', { name: 'Tool use 1' });
    await row.getByRole('combobox', { name: 'Tool' }).selectOption(tool);
    await row.getByRole('textbox', { name: 'Tool input (JSON)' }).fill(input);
    if (id !== undefined) await row.getByRole('textbox', { name: 'Tool use id' }).fill(id);
  }

  send(key: string): Locator {
    return this.card(key).getByRole('button', { name: 'Send tool use' });
  }
}
