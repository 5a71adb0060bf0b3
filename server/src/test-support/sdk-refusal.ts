import { expect } from 'vitest';

/** The error an SDK call failed with, checked to be the SDK's own API error class; a call that succeeded fails the test. */
export async function refusalOf<E extends Error>(promise: Promise<unknown>, errorClass: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(errorClass);
    return error as E;
  }
  throw new Error('the call did not fail');
}
