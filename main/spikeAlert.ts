/**
 * When the tray notifies: once when clicks per minute rise above the threshold, then not again
 * until they have fallen back to it or below (a busy spell is one notification, not one per poll).
 */
export interface SpikeDecision {
  above: boolean;
  notify: boolean;
}

export function spikeAlert(wasAbove: boolean, clicksPerMinute: number, threshold: number | null): SpikeDecision {
  if (threshold === null) return { above: false, notify: false };
  const above = clicksPerMinute > threshold;
  return { above, notify: above && !wasAbove };
}
