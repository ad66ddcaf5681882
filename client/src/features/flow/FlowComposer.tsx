import { FLOW_MESSAGES as M, FLOW_RULES, flowTextLength, flowTextSchema, type FlowPost } from '@seyirlik/shared-contracts';
import { useState, type FormEvent } from 'react';
import { useSendKey } from '../../app/sendKey';
import { messageOf } from '../../lib/api';
import { SubmitButton } from '../../ui/SubmitButton';
import { PollComposer, emptyPollDraft, pollDraftError, type PollDraft } from '../polls';
import { useToast } from '../toast/toasts';
import { createFlowPoll, createFlowPost } from './flowApi';
import type { FlowScope } from './flowScope';
import { PhotoPicker } from './PhotoPicker';

type ComposerKind = 'post' | 'poll';

/** Writes a post in the scope (the public flow or a group): text with up to FLOW_RULES.photosMax photos (previewed before sending), or a poll. */
export function FlowComposer({ scope, onPosted }: { scope: FlowScope; onPosted: (post: FlowPost) => void }) {
  const [kind, setKind] = useState<ComposerKind>('post');
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [poll, setPoll] = useState<PollDraft>(emptyPollDraft);
  const [pollTried, setPollTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const toast = useToast();
  const sendKey = useSendKey();

  const choosePhotos = (chosen: File[]) => {
    setError(chosen.length > FLOW_RULES.photosMax ? M.tooManyPhotos : null);
    setPhotos(chosen.slice(0, FLOW_RULES.photosMax));
  };

  const send = async (): Promise<{ post: FlowPost; message: string } | null> => {
    if (kind === 'poll') {
      setPollTried(true);
      if (pollDraftError(poll) !== null) return null;
      return createFlowPoll(scope, poll.question, poll.answers, sendKey.keyFor(JSON.stringify(poll)));
    }
    const parsed = flowTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.textRequired);
      return null;
    }
    // A retry of the same text and photos after a lost answer is not posted twice.
    return createFlowPost(scope, parsed.data, photos, sendKey.keyFor(JSON.stringify([parsed.data, photos.map((photo) => [photo.name, photo.size, photo.lastModified])])));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const sent = await send();
      if (!sent) return;
      sendKey.sent();
      setText('');
      setPhotos([]);
      setPoll(emptyPollDraft());
      setPollTried(false);
      onPosted(sent.post);
      toast.success(sent.message);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPending(false);
    }
  };

  const remaining = FLOW_RULES.textMaxLength - flowTextLength(text);
  return (
    <form className="flow-composer form" onSubmit={submit} aria-label={M.share}>
      <div className="flow__tabs flow-composer__kinds" role="group">
        {(['post', 'poll'] as const).map((each) => (
          <button key={each} type="button" className={kind === each ? 'flow__tab is-active' : 'flow__tab'} aria-pressed={kind === each} onClick={() => setKind(each)}>
            {each === 'post' ? M.writePost : M.writePoll}
          </button>
        ))}
      </div>
      {kind === 'post' ? (
        <>
          <label className="visually-hidden" htmlFor="flow-composer-text">
            {M.composerPlaceholder}
          </label>
          <textarea
            id="flow-composer-text"
            className="field__input field__input--multiline"
            placeholder={M.composerPlaceholder}
            value={text}
            disabled={pending}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="flow-composer__photos">
            <PhotoPicker photos={photos} onChange={choosePhotos} room={FLOW_RULES.photosMax - photos.length} disabled={pending} />
            <span className="flow-composer__photo-count">{M.photoCount(photos.length)}</span>
          </div>
        </>
      ) : (
        <PollComposer value={poll} onChange={setPoll} showProblem={pollTried} disabled={pending} />
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="form__row">
        {kind === 'post' ? <span className={remaining < 0 ? 'flow-composer__counter is-over' : 'flow-composer__counter'}>{remaining}</span> : <span />}
        <SubmitButton pending={pending}>{M.share}</SubmitButton>
      </div>
    </form>
  );
}
