/**
 * The accordion without React (its schema's "x-hydrate" is "none"): the kit's disclosure group over the server
 * HTML, which already shows the starting state (the first item open when `firstOpen`). One open at a time unless
 * the list says `data-disclosure-group="multiple"` (`singleOpen: false`).
 */
export { enhanceDisclosureGroups as default } from '../../src/kit/disclosure-group.enhance';
