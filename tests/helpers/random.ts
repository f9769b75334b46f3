/** Seeded test data: the bench's mulberry32, so every run sees the same values. */
import { seededRandom } from '../../scripts/bench/stats';

export function seeded(seed: number) {
  const next = seededRandom(seed);
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}
