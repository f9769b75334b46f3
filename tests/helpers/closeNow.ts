/** Closes an HTTP(S) server now: its open connections cut, resolved once it no longer listens. */
export async function closeNow(server: { closeAllConnections(): void; close(done: () => void): unknown } | undefined) {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
