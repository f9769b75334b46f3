/** What a test opens (stores, schemas, servers), closed after it whether it passed or not. */
import { afterEach } from 'vitest';

/**
 * Registers an afterEach that closes what the test kept, the last kept first, and answers the
 * function that keeps a thing with how to close it (it answers the thing).
 */
export function closedAfterEach(): <T>(thing: T, close: (thing: T) => unknown) => T {
  const kept: (() => unknown)[] = [];
  afterEach(async () => {
    for (const close of kept.splice(0).reverse()) await close();
  });
  return (thing, close) => {
    kept.push(() => close(thing));
    return thing;
  };
}
