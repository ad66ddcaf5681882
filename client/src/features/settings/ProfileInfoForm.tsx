import { ACCOUNT_RULES, profileInfoSchema, type MyAccount } from '@seyirlik/shared-contracts';
import { TEXT } from '../../app/messages';
import { TextAreaField, TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { saveProfileInfo } from './settingsApi';
import type { SettingsFormProps } from './settingsForm';
import { useAccountForm } from './useAccountForm';

const valuesOf = (account: MyAccount) => ({
  profileName: account.profileName,
  emailAddress: account.emailAddress,
  about: account.about,
  country: account.country,
});

/** "Profil Bilgileri": profile name and e-mail address are required (seed §5). */
export function ProfileInfoForm({ account, onSaved }: SettingsFormProps) {
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    submit,
  } = useAccountForm({ schema: profileInfoSchema, account, valuesOf, save: saveProfileInfo, onSaved });

  return (
    <form className="form settings-form" onSubmit={submit} noValidate>
      <TextField
        label={TEXT.fields.profileName}
        registration={register('profileName')}
        error={errors.profileName?.message}
        autoComplete="nickname"
        maxLength={ACCOUNT_RULES.profileNameMaxLength}
      />
      <TextField
        label={TEXT.fields.emailAddress}
        type="email"
        registration={register('emailAddress')}
        error={errors.emailAddress?.message}
        autoComplete="email"
      />
      <TextAreaField
        label={TEXT.fields.about}
        registration={register('about')}
        error={errors.about?.message}
        maxLength={ACCOUNT_RULES.aboutMaxLength}
        rows={5}
      />
      <TextField
        label={TEXT.fields.country}
        registration={register('country')}
        error={errors.country?.message}
        autoComplete="country-name"
        maxLength={ACCOUNT_RULES.countryMaxLength}
      />
      <div className="form__actions">
        <SubmitButton pending={isSubmitting}>{TEXT.settings.save}</SubmitButton>
      </div>
    </form>
  );
}
