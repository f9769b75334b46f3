import { executionAsyncResource } from 'node:async_hooks';

/**
 * How many AsyncLocalStorages give their store to a new async resource: each one that is on adds
 * its own `kResourceStore` symbol to every resource made (Node 20), so the count on a fresh
 * setImmediate's resource says how many are on. Compare it with a count taken before.
 */
export function storesOnNewResources(): Promise<number> {
  return new Promise((resolve) =>
    setImmediate(() =>
      resolve(
        Object.getOwnPropertySymbols(executionAsyncResource()).filter(
          (symbol) => symbol.description === 'kResourceStore',
        ).length,
      ),
    ),
  );
}
