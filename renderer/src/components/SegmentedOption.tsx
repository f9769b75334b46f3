import type { ReactNode } from 'react';

/** One choice of a `.segmented` fieldset: a toggle button that says whether it is the one chosen. */
export function SegmentedOption({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="segmented__option" aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}
