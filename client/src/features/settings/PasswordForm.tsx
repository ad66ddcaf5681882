import { zodResolver } from '@hookform/resolvers/zod';
import { passwordUpdateSchema } from '@seyirlik/shared-contracts';
import { useForm } from 'react-hook-form';
import { TEXT } from '../../app/messages';
import { TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { changePassword } from './settingsApi';

const EMPTY = { currentPassword: '', newPassword: '', newPasswordAgain: '' };

/** "Şifre": the member's other sessions end; this browser stays logged in. */
export function PasswordForm() {
  const toast = useToast();
  const showFailure = useFailureToast();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordUpdateSchema), defaultValues: EMPTY });

  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await changePassword(values);
      reset(EMPTY);
      toast.success(message);
    } catch (error) {
      showFailure(error);
    }
  });

  return (
    <form className="form settings-form" onSubmit={submit} noValidate>
      <TextField
        label={TEXT.fields.currentPassword}
        type="password"
        registration={register('currentPassword')}
        error={errors.currentPassword?.message}
        autoComplete="current-password"
      />
      <TextField
        label={TEXT.fields.newPassword}
        type="password"
        registration={register('newPassword')}
        error={errors.newPassword?.message}
        autoComplete="new-password"
      />
      <TextField
        label={TEXT.fields.newPasswordAgain}
        type="password"
        registration={register('newPasswordAgain')}
        error={errors.newPasswordAgain?.message}
        autoComplete="new-password"
      />
      <div className="form__actions">
        <SubmitButton pending={isSubmitting}>{TEXT.settings.save}</SubmitButton>
      </div>
    </form>
  );
}
