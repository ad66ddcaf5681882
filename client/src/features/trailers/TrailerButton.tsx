import type { TitleDetail } from '@seyirlik/shared-contracts';
import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Tabs } from '../../ui/Tabs';
import { TRAILER_TEXT } from './texts';
import { TrailerPlayer } from './TrailerPlayer';
import './trailers.css';

/**
 * The title page's trailer button and modal (seed §2): a tab per numbered trailer, the chosen one
 * playing. Only the open tab's player exists, so switching tabs or closing stops the other.
 */
export function TrailerButton({ titleName, trailers }: { titleName: string; trailers: TitleDetail['trailers'] }) {
  const [open, setOpen] = useState(false);
  if (trailers.length === 0) return null;

  return (
    <>
      <button type="button" className="button button--secondary trailer-button" onClick={() => setOpen(true)}>
        <span className="trailer-button__icon" aria-hidden="true" />
        <span>{TRAILER_TEXT.open}</span>
      </button>
      {open && (
        <Dialog title={TRAILER_TEXT.dialogTitle(titleName)} onClose={() => setOpen(false)} className="trailer-dialog">
          <Tabs
            label={TRAILER_TEXT.tabsLabel}
            tabs={trailers.map((trailer) => ({
              id: String(trailer.number),
              label: TRAILER_TEXT.trailer(trailer.number),
              render: () => <TrailerPlayer key={trailer.number} url={trailer.url} label={TRAILER_TEXT.trailer(trailer.number)} />,
            }))}
          />
        </Dialog>
      )}
    </>
  );
}
