import { MESSAGES } from '@seyirlik/shared-contracts';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';

/** The waiting dialog of seed §8, "İsteğiniz alınıyor.", shown while a form's request is on its way. */
export function PendingDialog() {
  return (
    <Dialog title={MESSAGES.requestPending} hideTitle busy className="pending-dialog">
      <div className="pending-dialog__body" role="status">
        <Spinner size={28} />
        <p>{MESSAGES.requestPending}</p>
      </div>
    </Dialog>
  );
}
