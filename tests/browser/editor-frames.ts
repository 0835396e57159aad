/** The editor's preview of the page, by its title: the block catalogue has an example frame of its own. */
export const PAGE_PREVIEW = 'iframe[title^="Preview of"]';
