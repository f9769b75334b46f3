/** The link health metric (docs/api.md#link-health), in the service's registry. */
import { Gauge, type Registry } from 'prom-client';

export function registerHealthMetrics(registry: Registry, brokenCount: () => Promise<number>): void {
  new Gauge({
    name: 'me_links_broken',
    help: 'Links whose last check found a destination broken.',
    registers: [registry],
    async collect() {
      this.set(await brokenCount().catch(() => 0));
    },
  });
}
