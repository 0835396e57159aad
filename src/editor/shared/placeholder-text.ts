/**
 * The placeholder a new block starts with, in one place: the editor writes it (page/model/block-skeleton.ts) and
 * the content check recognises it (scripts/content-check/placeholder-text.ts), so nothing unfinished is published
 * unnoticed. A text reads "[Heading — replace this text]": the field's own label in brackets, plainly not copy.
 * A picture is the grey "Choose a picture" illustration, which validates and shows where the picture goes.
 */

const MARK = 'replace this text';

/** "[Heading — replace this text]"; longer where the field asks for more characters than that. */
export function placeholderText(label: string, minLength = 0): string {
  const text = `[${label} — ${MARK}]`;
  if (text.length >= minLength) return text;
  const longer = `[${label} — ${MARK} with at least ${minLength} characters]`;
  return longer.length >= minLength ? longer : `[${label} — ${MARK}${' …'.repeat(Math.ceil((minLength - text.length) / 2))}]`;
}

/** Whether a text still holds a placeholder, wholly or in part (an editor who typed beside it). */
export const holdsPlaceholder = (text: string) => text.includes(`— ${MARK}`);

/** The picture a new block shows until one is chosen (public/illustrations/choose-a-picture.svg). */
export const PLACEHOLDER_PICTURE = { src: '/illustrations/choose-a-picture.svg', width: 640, height: 480 } as const;
