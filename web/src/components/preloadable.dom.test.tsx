// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.tsx';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

afterEach(cleanup);

describe('a preloadable component', () => {
  it('renders at once, without its fallback, when its code was loaded beforehand', async () => {
    let fetches = 0;
    const greeting = preloadable(async () => (fetches++, Greeting));
    await greeting.load();
    await greeting.load();
    render(<Suspense fallback={<p>Loading</p>}><greeting.Component name="Ada" /></Suspense>);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(fetches).toBe(1);
  });

  it('suspends like a lazy component when it was not, and fetches its code then', async () => {
    let fetches = 0;
    const greeting = preloadable(async () => (fetches++, Greeting));
    render(<Suspense fallback={<p>Loading</p>}><greeting.Component name="Grace" /></Suspense>);
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => {
      await greeting.load();
    });
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    expect(fetches).toBe(1);
  });

  it('fetches again after a failed fetch', async () => {
    let fetches = 0;
    const greeting = preloadable(async () => {
      if (fetches++ === 0) throw new Error('offline');
      return Greeting;
    });
    await expect(greeting.load()).rejects.toThrow('offline');
    await expect(greeting.load()).resolves.toBe(Greeting);
  });
});
