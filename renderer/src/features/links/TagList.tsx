/** A link's tags on its row: each one a button that filters the list by it. */
import { linkListTexts } from './linkListTexts';

export function TagList({ tags, onSelect }: { tags: readonly string[]; onSelect?: (tag: string) => void }) {
  if (tags.length === 0) return null;
  const TEXTS = linkListTexts();
  return (
    <ul className="tag-list" aria-label={TEXTS.tags}>
      {tags.map((tag) => (
        <li key={tag}>
          {onSelect ? (
            <button type="button" className="tag" title={TEXTS.filterByTag(tag)} onClick={() => onSelect(tag)}>
              {tag}
            </button>
          ) : (
            <span className="tag">{tag}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
