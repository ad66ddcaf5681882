import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_MESSAGES as M, contactMessageSchema, type ContactMessageInput } from '@seyirlik/shared-contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CheckIcon } from '../../ui/icons';
import { TextAreaField, TextField } from '../../ui/Field';
import { PendingDialog } from '../../ui/PendingDialog';
import { SubmitButton } from '../../ui/SubmitButton';
import { botCheckField } from '../auth/botCheck';
import { useFailureToast } from '../session/useFailureToast';
import { useSession } from '../session/session';
import { useToast } from '../toast/toasts';
import { sendContactMessage } from './supportApi';
import './support.css';

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

/** /iletisim: the contact form (seed §5: every field required), bot-checked when the server gives a site key. */
export function ContactPage() {
  const { recaptchaSiteKey } = useSession();
  const toast = useToast();
  const showFailure = useFailureToast();
  const [waiting, setWaiting] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(contactMessageSchema), defaultValues: EMPTY });

  const submit = handleSubmit(async (contact) => {
    setWaiting(true);
    try {
      const botCheck = await botCheckField(recaptchaSiteKey, 'contact');
      const { message } = await sendContactMessage({ name: contact.name, email: contact.email, subject: contact.subject, message: contact.message, ...botCheck });
      toast.success(message);
      setSentMessage(message);
      reset(EMPTY);
    } catch (error) {
      showFailure(error);
    } finally {
      setWaiting(false);
    }
  });

  return (
    <section className="support-page" aria-labelledby="contact-title">
      <header className="support-page__header">
        <h1 id="contact-title" className="support-page__title">
          {M.heading}
        </h1>
        <p className="support-page__intro">{M.intro}</p>
      </header>
      {sentMessage ? (
        <div className="contact__done" role="status">
          <CheckIcon className="contact__done-icon" width={22} height={22} />
          <p>{sentMessage}</p>
          <button type="button" className="button" onClick={() => setSentMessage(null)}>
            {M.sendAnother}
          </button>
        </div>
      ) : (
        <form className="form contact__form" onSubmit={submit} noValidate>
          <TextField label={M.name} registration={register('name')} error={errors.name?.message} autoComplete="name" />
          <TextField label={M.email} type="email" registration={register('email')} error={errors.email?.message} autoComplete="email" />
          <TextField label={M.subject} registration={register('subject')} error={errors.subject?.message} />
          <TextAreaField label={M.message} rows={6} registration={register('message')} error={errors.message?.message} />
          <SubmitButton pending={isSubmitting} className="contact__submit">
            {M.send}
          </SubmitButton>
        </form>
      )}
      {waiting && <PendingDialog />}
    </section>
  );
}
