// STUB: filled in by the web UI part 1 work.
export function DashboardPage() {
  return <main>DashboardPage</main>;
}
