/**
 * Tab wraps inside a modal dialog. The browser already makes the page behind a modal <dialog>
 * inert, but Tab from its last control leaves for the browser's own toolbar; here it goes back to
 * the first control instead (and Shift+Tab from the first to the last), as a dialog should.
 */

const CANDIDATES = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]',
].join(',');

/** The controls Tab stops at inside `root`, in document order (one radio per group). */
export function tabStops(root: HTMLElement): HTMLElement[] {
  const stops: HTMLElement[] = [];
  const groups = new Set<string>();
  for (const element of root.querySelectorAll<HTMLElement>(CANDIDATES)) {
    if (element.tabIndex < 0 || element.closest('[inert]') || element.getClientRects().length === 0) continue;
    // A nested dialog's controls are its own.
    if (element.closest('dialog') !== root) continue;
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      if (groups.has(element.name)) continue;
      groups.add(element.name);
    }
    stops.push(element);
  }
  return stops;
}

/** Whether `element` is `stop`, or a radio of the same group (Tab leaves a group from any of its radios). */
function isStop(element: Element | null, stop: HTMLElement | undefined): boolean {
  if (!element || !stop) return false;
  if (element === stop) return true;
  return (
    element instanceof HTMLInputElement &&
    stop instanceof HTMLInputElement &&
    element.type === 'radio' &&
    stop.type === 'radio' &&
    element.name !== '' &&
    element.name === stop.name
  );
}

/** A keydown inside `dialog`: on Tab from its last stop (Shift+Tab from its first), focus wraps around. */
export function wrapTab(event: KeyboardEvent, dialog: HTMLDialogElement): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const inside = active instanceof Node && dialog.contains(active) && active !== dialog;
  if (event.shiftKey ? !inside || isStop(active, first) : !inside || isStop(active, last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
