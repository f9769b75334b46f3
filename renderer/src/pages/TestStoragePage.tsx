// STUB: filled in by the web UI part 1 work.
export function TestStoragePage() {
  return <main>TestStoragePage</main>;
}
