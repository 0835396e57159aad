/**
 * The rule for a page document's name ("about" is pages/about.json), read from its schema
 * (schemas/defs/page-name.schema.json, which pages.json's routes and notFoundPage refer to): the content check,
 * the editor and its server all ask this module, so none can disagree with the schema.
 */
import pageNameSchema from '../../schemas/defs/page-name.schema.json' with { type: 'json' };

export const PAGE_NAME = new RegExp(pageNameSchema.pattern);
export const isPageName = (name: string) => PAGE_NAME.test(name);
