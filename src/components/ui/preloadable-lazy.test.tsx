import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadableLazy } from './preloadable-lazy.tsx';

afterEach(cleanup);

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('preloadableLazy', () => {
  it('suspends on the first render when its chunk is not loaded yet', async () => {
    const { Component } = preloadableLazy(() => Promise.resolve({ default: Hello }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="a" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('hello a')).toBeTruthy();
  });

  it('renders at once, without suspending, when the chunk was preloaded', async () => {
    const { Component, preload } = preloadableLazy(() => Promise.resolve({ default: Hello }));
    await preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="b" />
      </Suspense>,
    );
    expect(screen.getByText('hello b')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });
});
