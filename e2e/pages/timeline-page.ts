import { expect, type Locator, type Page } from '@playwright/test';
import type { InspectorPage } from './inspector-page.ts';

/** The timeline, the conversation views (waterfall, sequence, findings) and the leg inspector. */
export class TimelinePage {
  readonly page: Page;
  readonly list: Locator;
  readonly views: Locator;
  readonly legInspector: Locator;

  constructor(readonly inspector: InspectorPage) {
    this.page = inspector.page;
    this.list = inspector.timeline;
    this.views = this.page.getByRole('region', { name: 'Conversation views' });
    this.legInspector = this.page.getByRole('region', { name: 'Leg inspector' });
  }

  /** The mock's base URL as the dev server reports it (whatever port the config started it on). */
  async mockUrl(): Promise<string> {
    const config = await this.page.request
      .get('/__inspector/config')
      .then((r) => r.json() as Promise<{ mockUrl: string }>);
    return config.mockUrl;
  }

  /** List items that are not a button's (what a flung list draws for its rows). */
  plainRows(): Locator {
    return this.list.getByRole('listitem').filter({ hasNot: this.page.getByRole('button') });
  }

  /**
   * Drags the list down `frames` frames, `stepPx` per frame (a scrollbar thumb pulled fast), and says how many rows
   * each frame drew as plain rows and how many it drew in all.
   */
  async fling(frames: number, stepPx: number): Promise<{ plain: number; rows: number }[]> {
    return this.list.evaluate(
      (list, [n, step]) =>
        new Promise<{ plain: number; rows: number }[]>((done) => {
          const box = list.parentElement as HTMLElement;
          const seen: { plain: number; rows: number }[] = [];
          const tick = () => {
            const items = [...list.querySelectorAll('[role="listitem"]')];
            seen.push({ plain: items.filter((i) => !i.querySelector('button')).length, rows: items.length });
            if (seen.length > n) return done(seen);
            box.scrollTop += step;
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      [frames, stepPx] as const,
    );
  }

  leg(index: number): Locator {
    return this.inspector.legs().nth(index);
  }

  async selectLeg(index: number) {
    await this.leg(index).getByRole('button').click();
    await expect(this.leg(index)).toHaveAttribute('aria-current', 'true');
  }

  /** The disclosure button that folds a conversation to one row. */
  conversation(title: string | RegExp): Locator {
    return this.list.getByRole('button', { name: title });
  }

  async view(name: 'Waterfall' | 'Sequence' | RegExp) {
    await this.views.getByRole('tab', { name }).click();
  }

  waterfallRows(): Locator {
    return this.views.getByRole('table', { name: 'Waterfall' }).getByRole('row');
  }

  async tab(name: string | RegExp) {
    await this.legInspector.getByRole('tab', { name }).click();
  }

  diff(): Locator {
    return this.legInspector.getByRole('group', { name: 'Leg diff' });
  }

  curlCommand(): Locator {
    return this.legInspector.getByRole('textbox', { name: 'cURL command' });
  }

  lintFindings(): Locator {
    return this.legInspector.getByRole('list', { name: 'Lint findings' });
  }

  /** Answers the consent form of `ask_until_accept` and sends the retry. */
  async answerConsent(action: 'Accept' | 'Decline') {
    const group = this.inspector.inputRequest('consent');
    // wait for this round's card (a fresh, unanswered one) before answering
    await expect(group).toContainText('unanswered');
    await group.getByRole('button', { name: action, exact: true }).click();
    await this.inspector.sendRetry();
  }
}
