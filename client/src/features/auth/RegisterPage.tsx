import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema } from '@seyirlik/shared-contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TEXT } from '../../app/messages';
import { TextField } from '../../ui/Field';
import { PendingDialog } from '../../ui/PendingDialog';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFailureToast } from '../session/useFailureToast';
import { useSession } from '../session/session';
import { useSignIn } from '../session/useSignIn';
import { register as registerMember } from './authApi';
import { AuthCard } from './AuthCard';
import { botCheckField } from './botCheck';

/** /kayit-ol: the new member is logged in and goes home; a member who is already logged in goes home too. */
export function RegisterPage() {
  const { user, recaptchaSiteKey } = useSession();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const showFailure = useFailureToast();
  const [waiting, setWaiting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', emailAddress: '', password: '', passwordAgain: '' },
  });

  useEffect(() => {
    if (user) void navigate({ to: '/', replace: true });
  }, [user, navigate]);

  const submit = handleSubmit(async (values) => {
    setWaiting(true);
    try {
      const botCheck = await botCheckField(recaptchaSiteKey, 'register');
      const { user: member, message } = await registerMember({ ...values, ...botCheck });
      signIn(member, message);
    } catch (error) {
      showFailure(error);
    } finally {
      setWaiting(false);
    }
  });

  return (
    <AuthCard title={TEXT.register} intro={TEXT.auth.registerIntro}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={TEXT.fields.username}
          registration={register('username')}
          error={errors.username?.message}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          label={TEXT.fields.emailAddress}
          type="email"
          registration={register('emailAddress')}
          error={errors.emailAddress?.message}
          autoComplete="email"
        />
        <TextField
          label={TEXT.fields.password}
          type="password"
          registration={register('password')}
          error={errors.password?.message}
          autoComplete="new-password"
        />
        <TextField
          label={TEXT.fields.passwordAgain}
          type="password"
          registration={register('passwordAgain')}
          error={errors.passwordAgain?.message}
          autoComplete="new-password"
        />
        <SubmitButton pending={isSubmitting} className="auth__submit">
          {TEXT.register}
        </SubmitButton>
        <p className="auth__switch">
          {TEXT.auth.haveAccount}{' '}
          <Link to="/giris-yap" className="text-link">
            {TEXT.login}
          </Link>
        </p>
      </form>
      {waiting && <PendingDialog />}
    </AuthCard>
  );
}
