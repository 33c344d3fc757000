import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { InFlightPage } from '../pages/in-flight-page.ts';

test.describe('a call in flight', () => {
  test('the leg panel and the timeline show the new call in flight, never an earlier call’s leg', async ({
    inspector,
  }) => {
    const flight = new InFlightPage(inspector);
    await flight.openChaos();

    // two legs of never_advances; its last leg is selected
    await inspector.callTool('never_advances');
    await expect(inspector.legs()).toHaveCount(1);
    await inspector.sendRetryUnanswered();
    await expect(inspector.legs()).toHaveCount(2);
    await expect(flight.legInspector.getByRole('heading')).toHaveText('never_advances · round 2');

    // slow_response answers after 30 s: while it is out, the panel shows it, not never_advances
    await inspector.callTool('slow_response');
    await expect(flight.panel.getByRole('heading', { name: 'slow_response · round 1' })).toBeVisible();
    await expect(flight.legInspector).toHaveCount(0);
    await expect(flight.panel).toContainText(/Leg in flight: sent tools\/call \d+\.\d s ago/);
    await expect(flight.panel.getByLabel('Request body in flight')).toContainText('"name": "slow_response"');

    // the header ticks (no "0 rounds · 0 ms"), and the in-flight leg adds no list item
    const header = flight.header('slow_response');
    await expect(header).toContainText(/in flight [1-9]\.\d s/);
    await expect(header).not.toContainText('0 rounds');
    await expect(header).toHaveAttribute('aria-current', 'true');
    await expect(inspector.legs()).toHaveCount(2);

    // stopping the wait records the leg: the clock stops and the panel shows that leg with its own call
    await flight.panel.getByRole('button', { name: 'Stop waiting' }).click();
    await expect(inspector.legs()).toHaveCount(3);
    await expect(flight.panel).toHaveCount(0);
    await expect(flight.legInspector.getByRole('heading')).toHaveText('slow_response · round 1');
    await expect(header).not.toContainText('in flight');
    await expect(header).toContainText('1 leg');
    await expect(inspector.legs().nth(2)).toHaveAttribute('aria-current', 'true');
  });

  test('picking an earlier leg while a call is in flight shows that leg with its own call', async ({ inspector }) => {
    const flight = new InFlightPage(inspector);
    await flight.openChaos();
    await inspector.callTool('never_advances');
    await expect(inspector.legs()).toHaveCount(1);
    await inspector.callTool('slow_response');
    await expect(flight.panel).toBeVisible();

    await inspector.legs().nth(0).getByRole('button').click();
    await expect(flight.legInspector.getByRole('heading')).toHaveText('never_advances · round 1');
    await expect(flight.panel).toHaveCount(0);
    // the other call keeps ticking in the timeline
    await expect(flight.header('slow_response')).toContainText(/in flight \d+\.\d s/);
  });
});
