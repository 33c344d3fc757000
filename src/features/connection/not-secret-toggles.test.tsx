import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotSecretToggles, queryNamesOf } from './not-secret-toggles.tsx';

afterEach(cleanup);

describe('NotSecretToggles', () => {
  it('offers one unchecked toggle per custom header and query parameter when none is marked', async () => {
    const onToggle = vi.fn();
    render(
      <NotSecretToggles
        headerNames={['Ocp-Apim-Subscription-Key', 'X-Trace-Id']}
        queryNames={['region']}
        notSecret={['x-trace-id']}
        onToggle={onToggle}
      />,
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Ocp-Apim-Subscription-Key is not secret' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'X-Trace-Id is not secret' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: '?region in the URL is not secret' }));
    expect(onToggle).toHaveBeenCalledWith('?region', true);
  });

  it('lists the query parameter names of a URL and none when it is not one', () => {
    expect(queryNamesOf('https://h/mcp?key=1&region=eu&key=2')).toEqual(['key', 'region']);
    expect(queryNamesOf('not a url')).toEqual([]);
  });
});
