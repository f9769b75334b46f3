// STUB: the admin calls (product spec §7), filled in by the web UI part 2 work.
import type { HttpClient } from './client';

export function createAdminApi(_http: HttpClient) {
  return {};
}
