/**
 * `load` run at the first call and its promise shared by every later one; a load that failed is
 * run again by the next call (the in-memory directories: verified domains, hubs).
 */
export function loadOnce(load: () => Promise<void>): () => Promise<void> {
  let loaded: Promise<void> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
