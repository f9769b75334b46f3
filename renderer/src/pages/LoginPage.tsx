// STUB: filled in by the web UI part 1 work.
export function LoginPage() {
  return <main>LoginPage</main>;
}
