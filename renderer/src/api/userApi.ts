// STUB: the user calls (product spec §7 "User calls"), filled in by the web UI part 1 work.
import type { HttpClient } from './client';

export function createUserApi(_http: HttpClient) {
  return {};
}
