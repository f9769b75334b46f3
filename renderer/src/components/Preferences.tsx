import { cx } from './cx';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeSwitch } from './ThemeSwitch';

/** The language and theme switches, in a header or in a page's corner (last in keyboard order there). */
export function Preferences({ corner = false }: { corner?: boolean }) {
  return (
    <div className={cx('preferences', corner && 'preferences--corner')}>
      <LanguageSwitch />
      <ThemeSwitch />
    </div>
  );
}
