/**
 * What a visitor typed into the form before its island hydrated (docs/architecture.md, "Hydration: islands"):
 * the browser keeps the text in the server's inputs, but the form's state starts empty, so the form would send
 * nothing and, at its next render, wipe what the visitor sees.
 */
import type { ContactField, ContactValues } from '../../src/features/enquiry/rules';
import { wireFieldOf } from '../../src/features/enquiry/enquiry-contract';

/** Each field's non-empty value in the form's controls (named as the wire names them), through the filter typing would have applied. */
export function typedValues(form: HTMLFormElement | null, fields: readonly ContactField[], filters: Partial<Record<ContactField, (text: string) => string>>): Partial<ContactValues> {
  const typed: Partial<ContactValues> = {};
  for (const field of fields) {
    const control = form?.elements.namedItem(wireFieldOf[field]);
    const value = control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement ? control.value : '';
    if (value) typed[field] = filters[field]?.(value) ?? value;
  }
  return typed;
}
