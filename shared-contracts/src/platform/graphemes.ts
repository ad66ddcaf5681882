/*
 * Made on first use: the segmenter loads its data as it is made, which costs a phone tens of
 * milliseconds, and the modules using it load as a page is drawn.
 */
let segmenter: Intl.Segmenter | undefined;

/** Splits text into what a person sees as characters (an emoji with its modifiers is one). */
export function graphemesOf(text: string): string[] {
  segmenter ??= new Intl.Segmenter('tr', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}
