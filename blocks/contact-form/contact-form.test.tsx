import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ContactForm from './contact-form';
import type { ContactFormProps } from '../../src/generated/block-props';
import { withDefaults } from '../../tests/unit/fixtures/with-defaults';
import { BlockEnvironment } from '../../src/kit/block-environment';
import { site } from '../../src/model/site';
import { EnquiryRefused, sendEnquiry } from '../../src/features/enquiry/send-enquiry';

vi.mock('../../src/features/enquiry/send-enquiry', async (original) => ({ ...(await original<object>()), sendEnquiry: vi.fn() }));
const send = vi.mocked(sendEnquiry);

const contactProps = withDefaults('contact-form', {
  variant: 'contact',
  heading: 'Tell us about your project',
  fields: ['name', 'email', 'phone', 'industry', 'message'],
  labels: { name: 'Full Name', email: 'Email', phone: 'Mobile', industry: 'Industry', message: 'Message' },
  industryOptions: ['SaaS & Software', 'Healthcare & HealthTech'],
  submitLabel: 'Submit Now',
  successMessage: 'Email Sent Successfully!',
  aside: { heading: 'Prefer to talk directly?' },
});

const helpProps = withDefaults('contact-form', {
  variant: 'help',
  heading: 'Do you have more questions?',
  fields: ['name', 'email', 'phone', 'message'],
  submitLabel: 'Send Message',
  successMessage: 'Email Sent Successfully!',
});

function renderForm(props: ContactFormProps = contactProps) {
  return render(
    <BlockEnvironment settings={site.settings}>
      <ContactForm {...props} />
    </BlockEnvironment>,
  );
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

function fillValid() {
  type(/full name/i, 'Asha Kulkarni');
  type(/email/i, 'asha@example.com');
  type(/mobile/i, '9876543210');
  fireEvent.change(screen.getByLabelText(/industry/i), { target: { value: 'Healthcare & HealthTech' } });
  type(/message/i, 'We need a 20-seat patient support desk.');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Now' }));
/** The error a field is described by (aria-describedby), as a screen reader reads it with the field. */
const errorUnder = (name: RegExp) => document.getElementById(field(name).getAttribute('aria-describedby') ?? '')?.textContent;
/** The confirmation, once it shows: a toast, which announces itself. */
const confirmation = async (text: string) => (await screen.findByText(text)).closest('[role="alert"]')?.textContent;

beforeEach(() => {
  send.mockReset();
});

describe('contact-form', () => {
  it('ties a real label to every field and marks the required ones', () => {
    renderForm();
    expect(screen.getByRole('form').getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Tell us about your project' }).id);
    expect(screen.getByRole('heading', { name: 'Tell us about your project' }).tagName).toBe('H2');
    for (const name of [/full name/i, /email/i, /message/i]) {
      const input = field(name);
      expect(input.getAttribute('aria-required')).toBe('true');
      expect(input.labels?.[0]?.textContent).toContain('*');
    }
    expect(field(/mobile/i).getAttribute('aria-required')).toBeNull();
    expect(field(/mobile/i).labels?.[0]?.textContent).not.toContain('*');
    const industry = screen.getByLabelText(/industry/i);
    expect(industry.tagName).toBe('SELECT');
    expect(
      within(industry)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select your industry', 'SaaS & Software', 'Healthcare & HealthTech']);
    expect(screen.getByRole('textbox', { name: /message/i }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Submit Now' }).getAttribute('type')).toBe('submit');
  });

  it('is named once, by the form: its heading names no region around the form as well', () => {
    renderForm();
    expect(screen.getByRole('form').getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Tell us about your project' }).id);
    expect(screen.queryByRole('region', { name: 'Tell us about your project' })).toBeNull();
  });

  it('reads the heading, the intro and the direct contacts before the form', () => {
    renderForm();
    const heading = screen.getByRole('heading', { level: 2, name: 'Tell us about your project' });
    const directContacts = screen.getByRole('heading', { level: 3 });
    const form = screen.getByRole('form');
    expect(heading.compareDocumentPosition(directContacts) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(directContacts.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('shows the company e-mail and phone beside the contact form', () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Prefer to talk directly?' }).tagName).toBe('H3');
    expect(screen.getByRole('link', { name: site.settings.contact.email }).getAttribute('href')).toBe(`mailto:${site.settings.contact.email}`);
    expect(screen.getByRole('link', { name: site.settings.contact.phone }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
  });

  it('shows an error under a field once it has been touched', async () => {
    renderForm();
    const name = field(/full name/i);
    expect(screen.queryByText('Full Name is required')).toBeNull();
    fireEvent.blur(name);
    const error = await screen.findByText('Full Name is required');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(error.id);
    // Untouched fields stay quiet.
    expect(screen.queryByText('Email is required')).toBeNull();

    type(/full name/i, 'Al');
    await waitFor(() => expect(errorUnder(/full name/i)).toBe('Name should be at least 3 characters'));
    type(/full name/i, 'Ali');
    await waitFor(() => expect(screen.queryByText('Name should be at least 3 characters')).toBeNull());
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows every error on submit and sends nothing', async () => {
    renderForm();
    type(/mobile/i, '12345');
    submit();
    await waitFor(() => expect(errorUnder(/full name/i)).toBe('Full Name is required'));
    expect(errorUnder(/email/i)).toBe('Email is required');
    expect(errorUnder(/mobile/i)).toBe('Mobile number must be exactly 10 digits');
    expect(errorUnder(/message/i)).toBe('Message is required');
    type(/email/i, 'asha@');
    await waitFor(() => expect(errorUnder(/email/i)).toBe('Invalid email format'));
    type(/message/i, 'Too short');
    await waitFor(() => expect(errorUnder(/message/i)).toBe('Message should be at least 10 characters'));
    expect(send).not.toHaveBeenCalled();
  });

  it('filters the name and the mobile number as the visitor types', () => {
    renderForm();
    type(/full name/i, 'Asha K. 2nd!');
    expect(field(/full name/i).value).toBe('Asha K nd');
    type(/full name/i, 'José Ñúñez');
    expect(field(/full name/i).value).toBe('José Ñúñez');
    type(/mobile/i, '+91 (987) 654-3210 ext');
    expect(field(/mobile/i).value).toBe('9198765432');
  });

  it('sends one request per submission, disables the button while sending, then resets and confirms', async () => {
    let finish!: () => void;
    send.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    renderForm();
    fillValid();
    submit();
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    // A second click or Enter while sending does nothing.
    fireEvent.click(button);
    fireEvent.submit(screen.getByRole('form'));
    await new Promise((r) => setTimeout(r, 20));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toEqual({
      name: 'Asha Kulkarni',
      email: 'asha@example.com',
      phone: '9876543210',
      industry: 'Healthcare & HealthTech',
      message: 'We need a 20-seat patient support desk.',
    });
    // With the spam guard: the honeypot empty, and how long the form was open.
    expect(send.mock.calls[0]![1]).toEqual({ siteId: site.settings.siteId, guard: { honeypot: '', fillMs: expect.any(Number) } });

    await act(async () => finish());
    expect(await confirmation('Email Sent Successfully!')).toBe('Email Sent Successfully!');
    expect(field(/full name/i).value).toBe('');
    expect(field(/email/i).value).toBe('');
    expect(field(/message/i).value).toBe('');
    expect((screen.getByLabelText(/industry/i) as HTMLSelectElement).value).toBe('');
    // Formik clears "Sending…" a moment after the confirmation shows: wait for that state.
    const again = (await screen.findByRole('button', { name: 'Submit Now' })) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    // The reset form shows no errors until touched again.
    expect(screen.queryByText('Full Name is required')).toBeNull();
  });

  it('on failure says what went wrong in plain words and keeps every value', async () => {
    const message = "We couldn't send your message. Please check your connection and try again.";
    send.mockRejectedValue(new Error(message));
    renderForm();
    fillValid();
    submit();
    const alerts = await screen.findAllByText(message);
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes(message))).toBe(true);
    expect(field(/full name/i).value).toBe('Asha Kulkarni');
    expect(field(/email/i).value).toBe('asha@example.com');
    expect(field(/mobile/i).value).toBe('9876543210');
    expect(field(/message/i).value).toBe('We need a 20-seat patient support desk.');
    // Formik clears "Sending…" a moment after the message shows: wait for that state.
    expect(((await screen.findByRole('button', { name: 'Submit Now' })) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Email Sent Successfully!')).toBeNull();

    // Trying again works and clears the inline error.
    send.mockResolvedValue(undefined);
    submit();
    expect(await confirmation('Email Sent Successfully!')).toBe('Email Sent Successfully!');
    await waitFor(() => expect(screen.queryAllByText(message).filter((n) => n.closest('form'))).toEqual([]));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('shows the fields the server refused beside them, and keeps every value', async () => {
    send.mockRejectedValue(new EnquiryRefused({ email: 'Invalid email format', message: 'Message should be at least 10 characters' }));
    renderForm();
    fillValid();
    submit();
    const emailError = await screen.findByText('Invalid email format');
    expect(field(/email/i).getAttribute('aria-describedby')).toBe(emailError.id);
    expect(field(/email/i).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Message should be at least 10 characters').id).toBe(field(/message/i).getAttribute('aria-describedby'));
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('see the messages beside the fields'))).toBe(true);
    expect(field(/full name/i).value).toBe('Asha Kulkarni');
    expect(field(/full name/i).getAttribute('aria-invalid')).toBeNull();
  });

  it('is a real form without JavaScript: it posts multipart to the send-email call, with the site id and the page it is on', () => {
    const { container } = render(
      <BlockEnvironment settings={site.settings} route={{ path: '/help-center', params: {} }}>
        <ContactForm {...helpProps} />
      </BlockEnvironment>,
    );
    const form = container.querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action'), form.getAttribute('enctype')]).toEqual(['post', '/api/send-email', 'multipart/form-data']);
    const posted = [...new FormData(form).keys()];
    expect(posted).toEqual(['type', 'page', 'fullname', 'email', 'phone', 'about_project', 'website']);
    expect(new FormData(form).get('type')).toBe(site.settings.siteId);
    expect(new FormData(form).get('page')).toBe('/help-center');
  });

  it('help variant: Full Name, Email, Mobile and Message with "Send Message"', async () => {
    send.mockResolvedValue(undefined);
    renderForm(helpProps);
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('name'))).toEqual(['fullname', 'email', 'phone', 'about_project']);
    expect(screen.getByRole('button', { name: 'Send Message' }).getAttribute('type')).toBe('submit');
    expect(screen.queryByLabelText(/industry/i)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    type(/full name/i, 'Rahul Mehta');
    type(/email/i, 'rahul@example.com');
    type(/message/i, 'Do you offer weekend support shifts?');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await confirmation('Email Sent Successfully!')).toBe('Email Sent Successfully!');
    expect(send.mock.calls[0]![0]).toEqual({
      name: 'Rahul Mehta',
      email: 'rahul@example.com',
      phone: '',
      industry: '',
      message: 'Do you offer weekend support shifts?',
    });
  });

  it('offers a focusable notifications region (Alt+T)', () => {
    renderForm();
    const region = screen.getByRole('region', { name: /notifications alt\+t/i });
    expect(region.tabIndex).toBe(-1); // focusable (by the shortcut), not a stop of its own on Tab
  });
});
