import { fromShortcodes } from '@seyirlik/shared-contracts';
import { COMMENT_TEXT } from './texts';
import { SpoilerVeil } from './SpoilerVeil';

/** A comment's text as its author saw it: short codes as emoji, everything else as plain (escaped) text. */
export function CommentText({ text, spoiler }: { text: string; spoiler: boolean }) {
  const paragraph = <p className="comment__text">{fromShortcodes(text)}</p>;
  return spoiler ? <SpoilerVeil label={COMMENT_TEXT.spoilerHidden}>{paragraph}</SpoilerVeil> : paragraph;
}
