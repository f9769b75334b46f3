/** A team's name and slug (docs/api.md#teams), as "New team" and the settings' rename both ask for them (in a form grid). */
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/Field';

export interface TeamFieldsProps {
  name: string;
  slug: string;
  onName: (next: string) => void;
  onSlug: (next: string) => void;
  /** The two inputs' form names. */
  inputNames: readonly [name: string, slug: string];
  nameError?: string | null;
  /** "New team": the slug may stay empty (the server makes one), and the browser suggests nothing. */
  creating?: boolean;
}

export function TeamFields({ name, slug, onName, onSlug, inputNames, nameError, creating = false }: TeamFieldsProps) {
  const { t } = useTranslation();
  const autoComplete = creating ? 'off' : undefined;
  return (
    <>
      <TextField
        label={t('teams.create.name')}
        name={inputNames[0]}
        value={name}
        error={nameError}
        onValueChange={onName}
        autoComplete={autoComplete}
      />
      <TextField
        label={t('teams.create.slug')}
        name={inputNames[1]}
        hint={t('teams.create.slugHint')}
        optional={creating}
        value={slug}
        onValueChange={onSlug}
        autoComplete={autoComplete}
      />
    </>
  );
}
