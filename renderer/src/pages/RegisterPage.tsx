// STUB: filled in by the web UI part 1 work.
export function RegisterPage() {
  return <main>RegisterPage</main>;
}
