// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactMessages, filterName, filterPhone, validateEnquiry } from '../../src/features/enquiry/rules';

const knownMessages = new Set<string>(Object.values(contactMessages));
const anyText = fc.string({ unit: 'binary', maxLength: 200 });

describe('contact rules, for any input', () => {
  it('validation never throws and answers only with the defined messages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ name: anyText, email: anyText, phone: anyText, industry: anyText, message: anyText }), async (values) => {
        const errors = await validateEnquiry(values);
        for (const message of Object.values(errors)) expect(knownMessages.has(message!)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the name filter keeps only letters and whitespace, and is idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const kept = filterName(text);
        expect(kept).toMatch(/^[\p{L}\p{M}\s]*$/u);
        expect(filterName(kept)).toBe(kept);
      }),
      { numRuns: 1000 },
    );
  });

  it('the phone filter keeps at most ten digits, in their order', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const kept = filterPhone(text);
        expect(kept).toMatch(/^\d{0,10}$/);
        expect(text.replace(/\D/g, '').startsWith(kept)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
