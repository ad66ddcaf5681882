import { CONTENT_REPORT_MESSAGES as M, type ContentReportBody, type ContentReportSubject } from '@seyirlik/shared-contracts';
import { useState } from 'react';
import { api } from '../../lib/api';
import { ReportCommentDialog } from '../comments/ReportCommentDialog';
import { useLoginModal } from '../session/loginModal';
import { useSessionUser } from '../session/session';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';

/** Reports a topic or a post for moderation. */
export function reportContent(body: ContentReportBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/reports', body);
}

/**
 * "Bildir" on a topic or a post that is not the viewer's: the report modal (the comments' reasons),
 * then a thank-you; a visitor is asked to log in first.
 */
export function ReportButton({ subject, targetId, className = 'button button--secondary' }: { subject: ContentReportSubject; targetId: number; className?: string }) {
  const user = useSessionUser();
  const loginModal = useLoginModal();
  const toast = useToast();
  const showFailure = useFailureToast();
  const [open, setOpen] = useState(false);

  const send = async (report: { reason: ContentReportBody['reason']; description: string }) => {
    try {
      const { message } = await reportContent({ subject, targetId, ...report });
      toast.success(message);
      setOpen(false);
    } catch (failure) {
      showFailure(failure);
    }
  };

  return (
    <>
      <button type="button" className={className} onClick={() => (user ? setOpen(true) : loginModal.open(null))}>
        {M.report}
      </button>
      {open && <ReportCommentDialog title={M.dialogTitle[subject]} question={M.dialogQuestion[subject]} onClose={() => setOpen(false)} onSend={send} />}
    </>
  );
}
