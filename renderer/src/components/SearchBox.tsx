/**
 * A search input that reports its text once typing pauses, so a list is not asked again on every
 * key. The text follows `value` when it changes from outside (Back, a cleared filter).
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Icon } from './Icon';

export const SEARCH_DELAY_MS = 300;

export interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  placeholder?: string;
  delayMs?: number;
}

export function SearchBox({ value, onSearch, label, placeholder, delayMs = SEARCH_DELAY_MS }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    reported.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text.trim() === reported.current.trim()) return;
    const timer = setTimeout(() => {
      reported.current = text;
      onSearchRef.current(text.trim());
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <div className="search-box">
      <Icon name="search" className="search-box__icon" />
      <input
        type="search"
        className="input search-box__input"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            reported.current = text;
            onSearchRef.current(text.trim());
          }
        }}
      />
    </div>
  );
}

/**
 * A list's toolbar: the search box, taking the room left, then the list's own controls. A search
 * replaces the history entry, so Back skips the half-typed searches.
 */
export function SearchToolbar({
  q,
  onQuery,
  label,
  placeholder,
  children,
}: {
  q: string;
  onQuery: (patch: { q: string }, options: { replace: boolean }) => void;
  label: string;
  placeholder: string;
  children?: ReactNode;
}) {
  return (
    <div className="list-toolbar">
      <div className="list-toolbar__grow">
        <SearchBox
          value={q}
          label={label}
          placeholder={placeholder}
          onSearch={(text) => onQuery({ q: text }, { replace: true })}
        />
      </div>
      {children}
    </div>
  );
}
