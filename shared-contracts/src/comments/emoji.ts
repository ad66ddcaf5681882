import { graphemesOf } from '../platform/graphemes';

/**
 * The emoji a comment keeps in short-code form (`:joy:`), with their usual short codes: comments
 * are stored with these codes and shown with the emoji. The first code of an emoji is the one it
 * is stored as; later ones are aliases. A `:word:` that is not here stays text, and an emoji that is
 * not here is stored as written.
 */
const EMOJI_TABLE: ReadonlyArray<readonly [emoji: string, ...codes: string[]]> = [
  ['😂', 'joy'],
  ['🤣', 'rofl'],
  ['😄', 'smile'],
  ['😃', 'smiley'],
  ['😁', 'grin'],
  ['😆', 'laughing'],
  ['😅', 'sweat_smile'],
  ['🙂', 'slightly_smiling_face'],
  ['🙃', 'upside_down_face'],
  ['😉', 'wink'],
  ['😊', 'blush'],
  ['😇', 'innocent'],
  ['🥲', 'smiling_face_with_tear'],
  ['😍', 'heart_eyes'],
  ['🤩', 'star_struck'],
  ['😘', 'kissing_heart'],
  ['😋', 'yum'],
  ['😛', 'stuck_out_tongue'],
  ['🤗', 'hugs'],
  ['🤔', 'thinking'],
  ['🤫', 'shushing_face'],
  ['🤐', 'zipper_mouth_face'],
  ['😐', 'neutral_face'],
  ['😑', 'expressionless'],
  ['😒', 'unamused'],
  ['🙄', 'roll_eyes'],
  ['😬', 'grimacing'],
  ['😌', 'relieved'],
  ['😔', 'pensive'],
  ['😴', 'sleeping'],
  ['😎', 'sunglasses'],
  ['🤓', 'nerd_face'],
  ['🥳', 'partying_face'],
  ['😕', 'confused'],
  ['😟', 'worried'],
  ['😮', 'open_mouth'],
  ['😲', 'astonished'],
  ['😳', 'flushed'],
  ['🥺', 'pleading_face'],
  ['😨', 'fearful'],
  ['😰', 'cold_sweat'],
  ['😢', 'cry'],
  ['😭', 'sob'],
  ['😱', 'scream'],
  ['😠', 'angry'],
  ['😡', 'rage'],
  ['🤬', 'cursing_face'],
  ['🤯', 'exploding_head'],
  ['💀', 'skull'],
  ['🤡', 'clown_face'],
  ['👻', 'ghost'],
  ['🤖', 'robot'],
  ['💩', 'poop', 'hankey'],
  ['🙈', 'see_no_evil'],
  ['👍', 'thumbsup', '+1'],
  ['👎', 'thumbsdown', '-1'],
  ['👏', 'clap'],
  ['🙌', 'raised_hands'],
  ['🙏', 'pray'],
  ['💪', 'muscle'],
  ['👌', 'ok_hand'],
  ['👋', 'wave'],
  ['👀', 'eyes'],
  ['❤️', 'heart'],
  ['💔', 'broken_heart'],
  ['💖', 'sparkling_heart'],
  ['🔥', 'fire'],
  ['💯', '100'],
  ['🎉', 'tada'],
  ['⭐', 'star'],
  ['💥', 'boom'],
  ['🍿', 'popcorn'],
  ['📺', 'tv'],
  ['🎬', 'clapper'],
  ['💤', 'zzz'],
  ['✅', 'white_check_mark'],
  ['❌', 'x'],
  ['⚠️', 'warning'],
  ['❓', 'question'],
  ['❗', 'exclamation'],
];

/** Every short code and its emoji, aliases included. */
export const EMOJI_SHORTCODES: Readonly<Record<string, string>> = Object.fromEntries(
  EMOJI_TABLE.flatMap(([emoji, ...codes]) => codes.map((code) => [code, emoji])),
);

/** The emoji a picker offers, each with the code it is stored as. */
export const EMOJI_CHOICES: ReadonlyArray<{ emoji: string; code: string }> = EMOJI_TABLE.map(([emoji, code]) => ({ emoji, code: code! }));

/** Emoji presentation selectors vary between keyboards (❤ and ❤️ are one emoji), so lookups ignore them. */
const withoutVariation = (text: string) => text.replace(/\uFE0F/g, '');

const CODE_OF_EMOJI = new Map(EMOJI_TABLE.map(([emoji, code]) => [withoutVariation(emoji), code!]));

const SHORTCODE_PATTERN = /:([a-z0-9_+-]{1,40}):/g;

/** Replaces every emoji of the table with its short code; everything else stays as written. */
export function toShortcodes(text: string): string {
  return graphemesOf(text)
    .map((character) => {
      const code = CODE_OF_EMOJI.get(withoutVariation(character));
      return code === undefined ? character : `:${code}:`;
    })
    .join('');
}

/** Replaces every known short code with its emoji: the text as the person sees it. */
export function fromShortcodes(text: string): string {
  return text.replace(SHORTCODE_PATTERN, (whole, code: string) => EMOJI_SHORTCODES[code] ?? whole);
}

/**
 * A comment's length as its counter shows it: characters of the text as the person sees it
 * (known short codes as their emoji), an emoji counting as one. Client and server count with this.
 */
export function commentLength(text: string): number {
  return graphemesOf(fromShortcodes(text)).length;
}
