// STUB: filled in by the web UI part 1 work.
export function LandingPage() {
  return <main>LandingPage</main>;
}
