/**
 * The link's password, write-only: the form knows only whether one is set ("Protected"), never the
 * password itself, so it offers to set, change or remove one.
 */
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/Field';
import { linkOptionTexts } from './linkOptionTexts';
import type { LinkFormState } from './useLinkForm';

export function PasswordOption({ form }: { form: LinkFormState }) {
  const TEXTS = linkOptionTexts().password;
  const { has_password: protectedNow, password_mode: mode, password } = form.values;
  const setMode = (next: typeof mode) => {
    form.set('password', '');
    form.set('password_mode', next);
  };
  if (mode === 'set') {
    return (
      <div className="row" style={{ alignItems: 'flex-start', flexWrap: 'nowrap' }}>
        <PasswordField
          label={protectedNow ? TEXTS.newLabel : TEXTS.label}
          name="password"
          required
          autoComplete="new-password"
          value={password}
          onValueChange={(value) => form.set('password', value)}
          error={form.errors.password}
          hint={TEXTS.hint}
          autoFocus
          fieldClassName="grow"
        />
        <Button onClick={() => setMode('keep')} style={{ marginTop: 26 }}>
          {TEXTS.cancel}
        </Button>
      </div>
    );
  }
  if (mode === 'remove') {
    return (
      <div className="row row--between">
        <p className="text-sm" role="status">
          {TEXTS.removing}
        </p>
        <Button onClick={() => setMode('keep')}>{TEXTS.undo}</Button>
      </div>
    );
  }
  return (
    <div className="row row--between">
      {protectedNow ? (
        <span className="row" style={{ gap: 8 }}>
          <Badge tone="warning">{TEXTS.protected}</Badge>
          <span className="text-sm muted">{TEXTS.protectedHint}</span>
        </span>
      ) : (
        <span className="text-sm muted">{TEXTS.none}</span>
      )}
      <span className="btn-group">
        {protectedNow ? (
          <>
            <Button onClick={() => setMode('set')} aria-label={TEXTS.changeName}>
              {TEXTS.change}
            </Button>
            <Button variant="danger-outline" onClick={() => setMode('remove')} aria-label={TEXTS.removeName}>
              {TEXTS.remove}
            </Button>
          </>
        ) : (
          <Button icon="shield" onClick={() => setMode('set')}>
            {TEXTS.set}
          </Button>
        )}
      </span>
    </div>
  );
}
