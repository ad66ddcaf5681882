import { zodResolver } from '@hookform/resolvers/zod';
import type { MyAccount } from '@seyirlik/shared-contracts';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';

interface AccountFormOptions<Input extends FieldValues, Output extends FieldValues> {
  /** The shared schema: the same rules and Turkish messages as the server's. */
  schema: z.ZodType<Output, Input>;
  account: MyAccount;
  /** The form's values for an account: the loaded one at first, the saved one after a save. */
  valuesOf: (account: MyAccount) => Input;
  save: (values: Output) => Promise<{ account: MyAccount; message: string }>;
  onSaved: (account: MyAccount) => void;
}

/**
 * A settings tab that edits the account: validated by the shared schema, saved, then reset to
 * what the server kept, with the server's message as a toast (or its error).
 */
export function useAccountForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  account,
  valuesOf,
  save,
  onSaved,
}: AccountFormOptions<Input, Output>) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(account) as DefaultValues<Input>,
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const { account: saved, message } = await save(values);
      onSaved(saved);
      form.reset(valuesOf(saved));
      toast.success(message);
    } catch (error) {
      showFailure(error);
    }
  });

  return { form, submit };
}
