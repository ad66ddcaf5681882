import { DISCUSSION_LINK_REL, discussionTextParts } from '@seyirlik/shared-contracts';
import { Fragment } from 'react';

/** A topic's text as written: line breaks kept, http(s) addresses as links that are never trusted, everything else plain text. */
export function DiscussionText({ text }: { text: string }) {
  return (
    <div className="discussion__text">
      {discussionTextParts(text).map((part, index) =>
        part.kind === 'break' ? (
          <br key={index} />
        ) : part.kind === 'link' ? (
          <a key={index} href={part.href} rel={DISCUSSION_LINK_REL} target="_blank">
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </div>
  );
}
