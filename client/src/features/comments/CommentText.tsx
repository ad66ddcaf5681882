import { fromShortcodes } from '@seyirlik/shared-contracts';
import { COMMENT_TEXT } from './texts';
import { SpoilerVeil } from './SpoilerVeil';

/**
 * A comment's text as its author saw it: short codes as emoji, everything else as plain (escaped)
 * text. A spoiler is hidden until clicked, except from its author (`byViewer`), who sees it marked.
 */
export function CommentText({ text, spoiler, byViewer }: { text: string; spoiler: boolean; byViewer: boolean }) {
  const paragraph = <p className="comment__text">{fromShortcodes(text)}</p>;
  if (!spoiler) return paragraph;
  if (!byViewer) return <SpoilerVeil label={COMMENT_TEXT.spoilerHidden}>{paragraph}</SpoilerVeil>;
  return (
    <>
      <p className="comment__spoiler-mark">{COMMENT_TEXT.spoilerMarked}</p>
      {paragraph}
    </>
  );
}
