import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES, REDIRECT_DELAYS, resetPasswordSchema } from '@seyirlik/shared-contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TEXT } from '../../app/messages';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { resetPassword } from './authApi';
import { AuthCard } from './AuthCard';

/**
 * /sifre-sifirla?token=...: the e-mailed link. After the new password is saved it says so and goes
 * home after REDIRECT_DELAYS.afterPasswordChangedMs (seed §9).
 */
export function ResetPasswordPage({ token }: { token?: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const showFailure = useFailureToast();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', passwordAgain: '', token: token ?? '' },
  });

  useEffect(() => {
    if (!doneMessage) return;
    const timer = setTimeout(
      () => void navigate({ to: '/', replace: true }),
      REDIRECT_DELAYS.afterPasswordChangedMs,
    );
    return () => clearTimeout(timer);
  }, [doneMessage, navigate]);

  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await resetPassword(values);
      toast.success(message);
      setDoneMessage(message);
    } catch (error) {
      showFailure(error);
    }
  });

  if (!token) {
    return (
      <AuthCard title={TEXT.auth.resetPasswordTitle} intro={TEXT.auth.resetPasswordIntro}>
        <div className="auth__done auth__done--error" role="alert">
          <AlertIcon className="auth__done-icon" width={22} height={22} />
          <p>{ACCOUNT_MESSAGES.resetTokenInvalid}</p>
        </div>
        <p className="auth__switch">
          <Link to="/sifremi-unuttum" className="text-link">
            {TEXT.auth.forgotPasswordTitle}
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={TEXT.auth.resetPasswordTitle} intro={TEXT.auth.resetPasswordIntro}>
      {doneMessage ? (
        <div className="auth__done" role="status">
          <CheckIcon className="auth__done-icon" width={22} height={22} />
          <p>
            {doneMessage} {TEXT.auth.redirectingHome}
          </p>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {errors.token && (
            <p className="auth__notice auth__notice--error" role="alert">
              {errors.token.message}
            </p>
          )}
          <TextField
            label={TEXT.fields.newPassword}
            type="password"
            registration={register('password')}
            error={errors.password?.message}
            autoComplete="new-password"
          />
          <TextField
            label={TEXT.fields.newPasswordAgain}
            type="password"
            registration={register('passwordAgain')}
            error={errors.passwordAgain?.message}
            autoComplete="new-password"
          />
          <SubmitButton pending={isSubmitting} className="auth__submit">
            {TEXT.auth.saveNewPassword}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
