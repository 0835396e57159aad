/**
 * The contact form's rules, shared by the form in the browser and the send-email endpoint in Node,
 * so both give the same messages. Framework-free apart from yup.
 */
import { object, string, ValidationError } from 'yup';

export type ContactField = 'name' | 'email' | 'phone' | 'industry' | 'message';

/** The form's values; all strings, initially empty. */
export type ContactValues = Record<ContactField, string>;

export type ContactErrors = Partial<Record<ContactField, string>>;

/** Each field's label where the page gives none: the form's, and the server's answer pages for a form sent without JavaScript. */
export const DEFAULT_FIELD_LABELS: Record<ContactField, string> = { name: 'Full Name', email: 'Email', phone: 'Mobile', industry: 'Industry', message: 'Message' };

export const emptyContactValues: ContactValues = { name: '', email: '', phone: '', industry: '', message: '' };

export const NAME_MIN = 3;
export const MESSAGE_MIN = 10;
export const PHONE_LENGTH = 10;

export const contactMessages = {
  nameRequired: 'Full Name is required',
  nameMin: 'Name should be at least 3 characters',
  emailInvalid: 'Invalid email format',
  emailRequired: 'Email is required',
  phoneLength: 'Mobile number must be exactly 10 digits',
  messageRequired: 'Message is required',
  messageMin: 'Message should be at least 10 characters',
} as const;

/** Blank-only text counts as missing, and length is measured without the surrounding spaces. */
const filled = (value: string | undefined) => (value ?? '').trim().length > 0;
const atLeast = (min: number) => (value: string | undefined) => !filled(value) || (value ?? '').trim().length >= min;

const emailRule = string().email();

/** The form's e-mail rule on its own: the content check holds the site's mailto: links to it too. */
export function isEmailAddress(text: string): boolean {
  return emailRule.isValidSync(text);
}

/**
 * The fields an enquiry cannot do without, stated once: the rules below, the form's asterisks
 * (blocks/contact-form) and the server's check read them; the contact-form schema's `fields` must list them
 * (tests/unit/contact-rules.test.ts holds it to this list).
 */
export const REQUIRED_CONTACT_FIELDS = ['name', 'email', 'message'] as const satisfies readonly ContactField[];
const requiredMessages: Record<(typeof REQUIRED_CONTACT_FIELDS)[number], string> = {
  name: contactMessages.nameRequired,
  email: contactMessages.emailRequired,
  message: contactMessages.messageRequired,
};

export const isRequiredContactField = (field: ContactField): field is keyof typeof requiredMessages => (REQUIRED_CONTACT_FIELDS as readonly ContactField[]).includes(field);

/** A field's rule: text, empty by default, and required first when it is one of the required fields. */
const fieldRule = (field: ContactField) => (isRequiredContactField(field) ? string().default('').test('required', requiredMessages[field], filled) : string().default(''));

export const contactSchema = object({
  name: fieldRule('name').test('min', contactMessages.nameMin, atLeast(NAME_MIN)),
  email: fieldRule('email').email(contactMessages.emailInvalid),
  phone: fieldRule('phone').matches(/^\d{10}$/, { message: contactMessages.phoneLength, excludeEmptyString: true }),
  industry: fieldRule('industry'),
  message: fieldRule('message').test('min', contactMessages.messageMin, atLeast(MESSAGE_MIN)),
});

/** The first message for each invalid field; an empty object when the enquiry is valid. */
export async function validateEnquiry(values: Partial<ContactValues>): Promise<ContactErrors> {
  try {
    await contactSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: ContactErrors = {};
    for (const issue of error.inner.length > 0 ? error.inner : [error]) {
      const field = issue.path as ContactField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return errors;
  }
}

/** Keeps letters (any script, with their combining marks) and whitespace: digits and symbols vanish as typed. */
export function filterName(text: string): string {
  return text.replace(/[^\p{L}\p{M}\s]/gu, '');
}

/** Keeps digits only, at most ten. */
export function filterPhone(text: string): string {
  return text.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}
