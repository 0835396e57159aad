import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contactSchema, emptyContactValues, filterName, filterPhone, REQUIRED_CONTACT_FIELDS, validateEnquiry, type ContactValues } from '../../src/features/enquiry/rules';

const valid: ContactValues = {
  name: 'Asha Kulkarni',
  email: 'asha@example.com',
  phone: '9876543210',
  industry: 'Healthcare & HealthTech',
  message: 'We need a support desk for our clinics.',
};

describe('validateEnquiry', () => {
  it('accepts a complete enquiry, and one without the optional fields', async () => {
    expect(await validateEnquiry(valid)).toEqual({});
    expect(await validateEnquiry({ ...valid, phone: '', industry: '' })).toEqual({});
    expect(await contactSchema.isValid(valid)).toBe(true);
  });

  it('gives the required messages for an empty form', async () => {
    expect(await validateEnquiry(emptyContactValues)).toEqual({
      name: 'Full Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('treats missing values like empty ones', async () => {
    expect(await validateEnquiry({})).toEqual({
      name: 'Full Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('treats blank-only text as missing', async () => {
    expect(await validateEnquiry({ ...valid, name: '   ', message: ' \n ' })).toEqual({
      name: 'Full Name is required',
      message: 'Message is required',
    });
  });

  it('needs a name of at least 3 characters', async () => {
    expect(await validateEnquiry({ ...valid, name: 'Al' })).toEqual({ name: 'Name should be at least 3 characters' });
    expect(await validateEnquiry({ ...valid, name: ' Al ' })).toEqual({ name: 'Name should be at least 3 characters' });
    expect(await validateEnquiry({ ...valid, name: 'Ali' })).toEqual({});
  });

  it('needs a valid e-mail address', async () => {
    for (const email of ['asha', 'asha@', '@example.com', 'asha example.com']) {
      expect(await validateEnquiry({ ...valid, email })).toEqual({ email: 'Invalid email format' });
    }
  });

  it('takes an optional mobile of exactly 10 digits', async () => {
    for (const phone of ['123456789', '12345678901', '98765abcde']) {
      expect(await validateEnquiry({ ...valid, phone })).toEqual({ phone: 'Mobile number must be exactly 10 digits' });
    }
    expect(await validateEnquiry({ ...valid, phone: '0123456789' })).toEqual({});
  });

  it('takes any industry', async () => {
    expect(await validateEnquiry({ ...valid, industry: 'Space tourism & more!' })).toEqual({});
  });

  it('needs a message of at least 10 characters', async () => {
    expect(await validateEnquiry({ ...valid, message: 'Call me' })).toEqual({ message: 'Message should be at least 10 characters' });
    expect(await validateEnquiry({ ...valid, message: '0123456789' })).toEqual({});
  });

  it('reports every invalid field at once, one message each', async () => {
    expect(await validateEnquiry({ name: 'A', email: 'x', phone: '1', industry: '', message: 'short' })).toEqual({
      name: 'Name should be at least 3 characters',
      email: 'Invalid email format',
      phone: 'Mobile number must be exactly 10 digits',
      message: 'Message should be at least 10 characters',
    });
  });
});

describe('input filters', () => {
  it('filterName keeps letters of any script and whitespace only', () => {
    expect(filterName('Asha K. 2nd!')).toBe('Asha K nd');
    expect(filterName('José Ñúñez')).toBe('José Ñúñez');
    expect(filterName('अनन्या शर्मा')).toBe('अनन्या शर्मा');
    expect(filterName('李 小龙')).toBe('李 小龙');
    expect(filterName('O’Brien-Smith_3@')).toBe('OBrienSmith');
    expect(filterName('')).toBe('');
  });

  it('filterPhone keeps digits only, at most ten', () => {
    expect(filterPhone('+91 (987) 654-3210')).toBe('9198765432');
    expect(filterPhone('98765 43210')).toBe('9876543210');
    expect(filterPhone('abc')).toBe('');
    expect(filterPhone('١٢٣')).toBe('');
    expect(filterPhone('123')).toBe('123');
  });
});

describe('the required fields', () => {
  it('are the ones the contact-form schema makes every form list', () => {
    const schema = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../schemas/blocks/contact-form.schema.json'), 'utf8')) as {
      properties: { fields: { allOf: Array<{ contains: { const: string } }> } };
    };
    expect(schema.properties.fields.allOf.map((rule) => rule.contains.const).sort()).toEqual([...REQUIRED_CONTACT_FIELDS].sort());
  });
});
