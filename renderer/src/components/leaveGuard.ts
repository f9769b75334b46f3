/**
 * A screen holding unsaved work asks before every way out (docs/api.md#screens): the page's own
 * buttons, the header's (they call `mayLeave`), the browser's Back and Forward, and closing or
 * reloading the page. The app uses a plain router (app/routes.tsx), which has no blocker: Back is
 * caught by a listener added before the router's (`watchHistory`, at start), which asks and, when
 * the answer is no, hides the step from the router and steps back to where the screen was.
 */
import { useEffect } from 'react';

type Guard = () => boolean;

const guards = new Set<Guard>();
/** Where a guarded screen is in the history, kept after each of its renders. */
let here: number | null = null;
/** The step back to the guarded screen after a "no", which the router must not see either. */
let undoing = false;

/** True when no screen holds unsaved work, or the user agreed to drop it (each asks once). */
export function mayLeave(): boolean {
  for (const guard of guards) if (!guard()) return false;
  return true;
}

/** The history entry's place, as the router's history keeps it in `history.state`. */
function entryIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

function onPop(event: PopStateEvent): void {
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  const to = entryIndex(event.state);
  if (guards.size === 0 || here === null || to === null || to === here || mayLeave()) return;
  event.stopImmediatePropagation();
  undoing = true;
  window.history.go(here - to);
}

/**
 * Listens for Back and Forward ahead of the router: call once, before the app renders (listeners
 * of one event run in the order they were added).
 */
export function watchHistory(): void {
  window.addEventListener('popstate', onPop);
}

/** While `unsaved`, every way out asks `question` first (the browser's own question on close). */
export function useLeaveGuard(unsaved: boolean, question: string): void {
  useEffect(() => {
    if (unsaved) here = entryIndex(window.history.state);
  });
  useEffect(() => {
    if (!unsaved) return;
    const guard = () => window.confirm(question);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    guards.add(guard);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      guards.delete(guard);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [unsaved, question]);
}
