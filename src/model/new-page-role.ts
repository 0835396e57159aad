/**
 * A block's part in a page the editor creates, said by the block's schema ("x-new-page"), so the editor names no
 * block type: a new page starts with the block whose role is "first", its props taken from the page's inputs, and
 * ends with pages.json's fragment of the type whose role is "last" (when pages.json has one).
 */

/** The new page's inputs a block's props can take: the heading (the title up to its first "|"), the description. */
export type NewPageValue = 'heading' | 'description';

export type NewPageRole = { place: 'first'; id: string; props: Record<string, NewPageValue> } | { place: 'last'; fragment: true };

/** The keyword's shape, for the content check's schema compiler (scripts/content-check/schema-validator.ts). */
export const newPageMetaSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['place', 'id', 'props'],
      properties: { place: { const: 'first' }, id: { type: 'string' }, props: { type: 'object', additionalProperties: { enum: ['heading', 'description'] } } },
    },
    { type: 'object', additionalProperties: false, required: ['place', 'fragment'], properties: { place: { const: 'last' }, fragment: { const: true } } },
  ],
};
