/** One redirect option of the link form: its checkbox, and the address it asks for while on. */
import { cx } from '../../components/cx';
import { Checkbox, TextField } from '../../components/Field';
import type { LinkFormState } from './useLinkForm';

export interface LinkFormOptionProps {
  form: LinkFormState;
  flag: 'forward_query' | 'enable_tiktok_bypass' | 'enable_country_redirect' | 'enable_instagram_exit';
  texts: { label: string; hint: string };
  /** The address the option reveals while it is on. */
  address?: { name: 'country_redirect_url' | 'instagram_exit_url'; label: string; placeholder?: string };
}

export function LinkFormOption({ form, flag, texts, address }: LinkFormOptionProps) {
  const on = form.values[flag];
  return (
    <div className={cx('option', on && 'option--on')}>
      <Checkbox
        label={texts.label}
        hint={texts.hint}
        checked={on}
        onCheckedChange={(checked) => form.set(flag, checked)}
      />
      {on && address ? (
        <div className="option__reveal">
          <TextField
            label={address.label}
            name={address.name}
            type="url"
            required
            placeholder={address.placeholder}
            value={form.values[address.name]}
            onValueChange={(value) => form.set(address.name, value)}
            error={form.errors[address.name]}
          />
        </div>
      ) : null}
    </div>
  );
}
