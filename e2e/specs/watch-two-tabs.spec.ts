/**
 * Two tabs of one browser: a proxy one tab starts shows at once in the other's Watched clients, with no reload and no
 * switch of tabs (the starting tab tells the others), and the other tab follows it from then on (it sees it stop).
 */
import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { InspectorPage } from '../pages/inspector-page.ts';
import { WatchPage } from '../pages/watch-page.ts';

test.describe('a proxy started in another tab', () => {
  test('shows live in a tab already open, which then follows it', async ({ inspector }) => {
    const config = await inspector.page.request
      .get('/__inspector/config')
      .then((r) => r.json() as Promise<{ mockUrl: string }>);
    const target = new URL('/mcp', config.mockUrl).toString();
    const query = `?server=${encodeURIComponent(target)}&transport=relay`;
    const a = new WatchPage(inspector);
    await inspector.open(query);
    const item = a.region.getByRole('listitem', { name: `proxy to ${target}` });
    await expect(a.startProxy).toBeVisible();
    await expect(item).toHaveCount(0);

    const other = new InspectorPage(await inspector.page.context().newPage());
    await other.open(query);
    const b = new WatchPage(other);
    try {
      const proxyUrl = await b.start(target);

      // tab A was neither reloaded nor brought back into view
      await expect(item).toContainText(`proxy ${proxyUrl}`);
      await b.stop(target);
      await expect(item).toBeHidden();
    } finally {
      // the journeys after this one find no proxy left running, even when this one stopped half way
      await b.stopIfRunning(target);
    }
  });
});
