import { expect } from '@playwright/test';
import { test } from '../fixtures.ts';
import { RequestOptionsPage } from '../pages/request-options-page.ts';

test.describe('request options and live notifications', () => {
  test('a progressToken makes progress_report stream progress, shown live and then in the leg', async ({
    inspector,
  }) => {
    await inspector.open();
    const options = new RequestOptionsPage(inspector);
    await options.open('progress_report');
    await inspector.page.getByRole('spinbutton', { name: /Delay between steps/ }).fill('400');
    await options.askProgress.check();
    const token = await options.nextToken();
    await inspector.page.getByRole('button', { name: 'Call tool' }).click();

    // while the leg streams: the bar advances before the result arrives
    await expect(options.progressBar).toHaveAttribute('aria-valuemax', '5');
    await expect(options.progressBar).toHaveAttribute('aria-valuenow', /^[1-4]$/);
    await expect(options.inFlight).toContainText(/[1-4] of 5: Step [1-4] of 5/);
    await expect(options.inFlight.getByLabel('Request body in flight')).toContainText(`"progressToken": "${token}"`);

    // the answer: it got the token; the live view gives way to the recorded leg with its SSE events
    await expect(inspector.result).toContainText('Report ready after 5 steps.');
    await expect(inspector.result).not.toContainText('no progressToken sent');
    await expect(options.inFlight).toHaveCount(0);
    await expect(await options.requestBody()).toContainText(token);
    await options.legInspector.getByRole('tab', { name: 'SSE events (6)' }).click();
    await expect(options.legInspector.getByRole('list', { name: 'SSE events' })).toContainText(
      'notifications/progress',
    );
    // the next call would send a fresh token
    await expect(inspector.page.getByText(/A fresh token per call/)).toContainText(`last call sent ${token}`);
    expect(await options.nextToken()).not.toBe(token);
  });

  test('a log level makes progress_report log each step, shown live as text', async ({ inspector }) => {
    await inspector.open();
    const options = new RequestOptionsPage(inspector);
    await options.open('progress_report');
    await inspector.page.getByRole('spinbutton', { name: /Delay between steps/ }).fill('400');
    await options.logLevel.selectOption('debug');
    await inspector.page.getByRole('button', { name: 'Call tool' }).click();

    await expect(options.logMessages).toContainText('[info] progress_report: step 1 of 5');
    await expect(options.progressBar).toHaveCount(0);
    await expect(inspector.result).toContainText('no progressToken sent');
    await expect(await options.requestBody()).toContainText('io.modelcontextprotocol/logLevel');
  });

  test('the options go on every retry leg of the call, as the composer shows', async ({ inspector }) => {
    await inspector.open();
    const options = new RequestOptionsPage(inspector);
    await options.open('provision');
    await inspector.page.getByRole('textbox', { name: /Database name/ }).fill('orders');
    await options.logLevel.selectOption('warning');
    await options.traceparent.fill('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    await inspector.page.getByRole('button', { name: 'Call tool' }).click();

    const body = inspector.composer.getByLabel('Request body about to be sent');
    await expect(body).toContainText('"io.modelcontextprotocol/logLevel": "warning"');
    await expect(body).toContainText('"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"');
    const group = inspector.inputRequest('region');
    await group.getByLabel('Region').selectOption('eu-west-1');
    await group.getByRole('button', { name: 'Accept', exact: true }).click();
    await inspector.sendRetry();
    await expect(inspector.result).toContainText('Provisioned orders in eu-west-1');
    await expect(await options.requestBody()).toContainText('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
  });
});
