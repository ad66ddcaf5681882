import type { MyAccount } from '@seyirlik/shared-contracts';

/** What every settings tab receives: the account as loaded, and where to report the account a save returned. */
export interface SettingsFormProps {
  account: MyAccount;
  onSaved: (account: MyAccount) => void;
}
