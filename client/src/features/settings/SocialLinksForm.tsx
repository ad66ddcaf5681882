import { socialLinksSchema, type MyAccount } from '@seyirlik/shared-contracts';
import { TEXT } from '../../app/messages';
import { TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { saveSocialLinks } from './settingsApi';
import type { SettingsFormProps } from './settingsForm';
import { useAccountForm } from './useAccountForm';

const valuesOf = ({ social }: MyAccount) => ({
  facebook: social.facebook ?? '',
  twitter: social.twitter ?? '',
  instagram: social.instagram ?? '',
});

/** "Sosyal Medya": sent only when all three are filled (seed §5); a profile address is cut down to its handle. */
export function SocialLinksForm({ account, onSaved }: SettingsFormProps) {
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    submit,
  } = useAccountForm({ schema: socialLinksSchema, account, valuesOf, save: saveSocialLinks, onSaved });

  return (
    <form className="form settings-form" onSubmit={submit} noValidate>
      <p className="settings-form__hint">{TEXT.settings.socialHint}</p>
      <TextField
        label={TEXT.social.facebook}
        registration={register('facebook')}
        error={errors.facebook?.message}
        placeholder="facebook.com/..."
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        label={TEXT.social.twitter}
        registration={register('twitter')}
        error={errors.twitter?.message}
        placeholder="x.com/..."
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        label={TEXT.social.instagram}
        registration={register('instagram')}
        error={errors.instagram?.message}
        placeholder="instagram.com/..."
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className="form__actions">
        <SubmitButton pending={isSubmitting}>{TEXT.settings.save}</SubmitButton>
      </div>
    </form>
  );
}
