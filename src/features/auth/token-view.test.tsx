import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenView } from './token-view.tsx';

afterEach(cleanup);

const tokens = {
  accessToken: 'opaque-access-token-1234',
  tokenType: 'Bearer',
  issuer: 'https://as.example',
  clientId: 'c',
};

describe('TokenView', () => {
  it('says which server the token was issued for, and that it goes nowhere else', () => {
    render(<TokenView tokens={tokens} serverUrl="https://a.example/mcp" connectedUrl="https://a.example/mcp" />);
    const region = screen.getByRole('region', { name: 'Access token' });
    expect(region.textContent).toContain('Issued for https://a.example/mcp: sent to that server only.');
    expect(region.textContent).not.toContain('Not sent to');
  });

  it('says it is not sent to the server connected now when that is another one', () => {
    render(<TokenView tokens={tokens} serverUrl="https://a.example/mcp" connectedUrl="https://b.example/mcp" />);
    expect(screen.getByRole('region', { name: 'Access token' }).textContent).toContain(
      'Not sent to https://b.example/mcp, the server connected now.',
    );
  });
});
