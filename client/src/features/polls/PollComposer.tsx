import { POLL_MESSAGES as M, POLL_RULES, pollDraftProblem } from '@seyirlik/shared-contracts';

/** A poll being written: the question and the answers as typed (empty ones are dropped when sent). */
export interface PollDraft {
  question: string;
  answers: string[];
}

/** A new, empty poll: a question and the two answers a poll needs at least. */
export const emptyPollDraft = (): PollDraft => ({ question: '', answers: ['', ''] });

/** The draft's first problem in the server's own words (seed §5 texts), or null when it can be sent. */
export const pollDraftError = (draft: PollDraft): string | null => pollDraftProblem(draft);

export interface PollComposerProps {
  value: PollDraft;
  onChange: (draft: PollDraft) => void;
  /** Show the draft's problem (after the member tried to send it). */
  showProblem?: boolean;
  disabled?: boolean;
}

/**
 * The poll part of the flow's composer: the question and the answers, with answers added up to
 * POLL_RULES.maxAnswers and removed down to two. A controlled form: the composer holds the draft,
 * checks it with pollDraftError before sending and sends `question` and the answers.
 */
export function PollComposer({ value, onChange, showProblem = false, disabled = false }: PollComposerProps) {
  const problem = showProblem ? pollDraftError(value) : null;
  const setAnswer = (index: number, answer: string) => onChange({ ...value, answers: value.answers.map((each, at) => (at === index ? answer : each)) });
  return (
    <fieldset className="poll-composer" disabled={disabled}>
      <label className="poll-composer__question">
        <span>{M.question}</span>
        <input type="text" value={value.question} maxLength={POLL_RULES.questionMaxLength} onChange={(event) => onChange({ ...value, question: event.target.value })} />
      </label>
      <ol className="poll-composer__answers">
        {value.answers.map((answer, index) => (
          <li key={index}>
            <label>
              <span>{M.answer(index + 1)}</span>
              <input type="text" value={answer} maxLength={POLL_RULES.answerMaxLength} onChange={(event) => setAnswer(index, event.target.value)} />
            </label>
            {value.answers.length > POLL_RULES.minAnswers ? (
              <button type="button" className="poll-composer__remove" aria-label={`${M.removeAnswer}: ${M.answer(index + 1)}`} onClick={() => onChange({ ...value, answers: value.answers.filter((_, at) => at !== index) })}>
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {value.answers.length < POLL_RULES.maxAnswers ? (
        <button type="button" className="poll-composer__add" onClick={() => onChange({ ...value, answers: [...value.answers, ''] })}>
          {M.addAnswer}
        </button>
      ) : null}
      {problem ? (
        <p className="poll-composer__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
