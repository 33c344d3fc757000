import { test as base } from '@playwright/test';
import { InspectorPage } from './pages/inspector-page.ts';

export const test = base.extend<{ inspector: InspectorPage }>({
  inspector: async ({ page }, use) => {
    await use(new InspectorPage(page));
  },
});
