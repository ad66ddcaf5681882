import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TEXT } from '../../app/messages';
import { CheckIcon } from '../../ui/icons';
import { TextField } from '../../ui/Field';
import { PendingDialog } from '../../ui/PendingDialog';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFailureToast } from '../session/useFailureToast';
import { useSession } from '../session/session';
import { useToast } from '../toast/toasts';
import { requestPasswordReset } from './authApi';
import { AuthCard } from './AuthCard';
import { botCheckField } from './botCheck';

/** /sifremi-unuttum: asks for a reset link; the server answers alike whether or not the address is a member's. */
export function ForgotPasswordPage() {
  const { recaptchaSiteKey } = useSession();
  const toast = useToast();
  const showFailure = useFailureToast();
  const [waiting, setWaiting] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    setWaiting(true);
    try {
      const botCheck = await botCheckField(recaptchaSiteKey, 'login');
      const { message } = await requestPasswordReset({ email, ...botCheck });
      toast.success(message);
      setSentMessage(message);
    } catch (error) {
      showFailure(error);
    } finally {
      setWaiting(false);
    }
  });

  return (
    <AuthCard title={TEXT.auth.forgotPasswordTitle} intro={TEXT.auth.forgotPasswordIntro}>
      {sentMessage ? (
        <div className="auth__done" role="status">
          <CheckIcon className="auth__done-icon" width={22} height={22} />
          <p>{sentMessage}</p>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <TextField
            label={TEXT.fields.emailAddress}
            type="email"
            registration={register('email')}
            error={errors.email?.message}
            autoComplete="email"
          />
          <SubmitButton pending={isSubmitting} className="auth__submit">
            {TEXT.auth.sendResetLink}
          </SubmitButton>
        </form>
      )}
      <p className="auth__switch">
        <Link to="/giris-yap" className="text-link">
          {TEXT.auth.backToLogin}
        </Link>
      </p>
      {waiting && <PendingDialog />}
    </AuthCard>
  );
}
