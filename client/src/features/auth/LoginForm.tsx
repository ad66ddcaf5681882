import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { TEXT } from '../../app/messages';
import { CheckboxField, TextField } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFailureToast } from '../session/useFailureToast';
import { useSession } from '../session/session';
import { useSignIn } from '../session/useSignIn';
import { login } from './authApi';
import { botCheckField } from './botCheck';
import './auth.css';

/**
 * Login with a user name or e-mail address (seed §3), in the modal and on /giris-yap.
 * `onLeave` runs when the visitor follows a link away (the modal closes) and after logging in.
 */
export function LoginForm({ onLeave }: { onLeave?: () => void }) {
  const { recaptchaSiteKey } = useSession();
  const signIn = useSignIn();
  const showFailure = useFailureToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '', remember: false },
  });

  const submit = handleSubmit(async ({ username, password, remember }) => {
    try {
      const botCheck = await botCheckField(recaptchaSiteKey, 'login');
      const { user, message } = await login({ username, password, remember, ...botCheck });
      signIn(user, message);
      onLeave?.();
    } catch (error) {
      showFailure(error);
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={TEXT.fields.usernameOrEmail}
        registration={register('username')}
        error={errors.username?.message}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        label={TEXT.fields.password}
        type="password"
        registration={register('password')}
        error={errors.password?.message}
        autoComplete="current-password"
      />
      <div className="form__row">
        <CheckboxField label={TEXT.auth.remember} registration={register('remember')} />
        <Link to="/sifremi-unuttum" className="text-link" onClick={onLeave}>
          {TEXT.auth.forgotPasswordLink}
        </Link>
      </div>
      <SubmitButton pending={isSubmitting} className="auth__submit">
        {TEXT.login}
      </SubmitButton>
      <p className="auth__switch">
        {TEXT.auth.noAccount}{' '}
        <Link to="/kayit-ol" className="text-link" onClick={onLeave}>
          {TEXT.register}
        </Link>
      </p>
    </form>
  );
}
