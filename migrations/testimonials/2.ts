/** Version 2 (a picture says it is decorative instead of leaving its alt empty): in every item of "items", an image with "alt": "" gets "decorative": true in the alt's place. */
import { markEmptyAltDecorative } from '../mark-decorative.ts';

export default function migrate(props: Record<string, unknown>): Record<string, unknown> {
  return markEmptyAltDecorative(props, 'items', 'image');
}
