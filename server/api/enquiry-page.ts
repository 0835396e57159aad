/**
 * The pages a form sent without JavaScript gets back from the send-email call (docs/architecture.md, "Enquiries"):
 * made from the built page the form was on (its head, the site's header and footer, its stylesheet), so the answer
 * looks like the site. Sent: the page's content gives way to a confirmation and a link back. Refused fields: the
 * same page with every typed value back in the form, each message beside its field (`data-field-error`, styled
 * by the form's own CSS) and a summary at the top linking to each. The classes used here are global ones
 * (src/styles/enquiry-answer.css). Every value from the request is escaped.
 */
import { SEND_EMAIL_PATH, type EnquiryWire } from '../../src/features/enquiry/enquiry-contract.ts';
import { ISLAND_ENTRY_ATTRIBUTE, ISLAND_MODE_ATTRIBUTE } from '../../src/model/hydration.ts';

/** Where the page has no built template (the dev server, a test's server): a bare document, still accessible. */
const BARE_PAGE = '<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Enquiry</title></head><body><main id="main" tabindex="-1"></main></body></html>';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Escaped as React escapes text and attributes, so a value compares equal to the built page's own (an option's). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

function siteNameOf(page: string): string {
  return /<meta property="og:site_name" content="([^"]*)"/.exec(page)?.[1] ?? '';
}

/** The page under a new title, kept out of search results (it answers one visitor's request). */
function retitled(page: string, title: string): string {
  const site = siteNameOf(page);
  const full = escapeHtml(title) + (site ? ` | ${site}` : '');
  return page.replace(/<title>[^<]*<\/title>/, `<title>${full}</title><meta name="robots" content="noindex" />`);
}

/** The page with `<main>`'s content replaced (`keep` holds it and puts the new content before it). */
function withMain(page: string, content: string, keep = false): string {
  const open = /<main\b[^>]*>/.exec(page);
  const close = page.lastIndexOf('</main>');
  if (!open || close < open.index) return withMain(BARE_PAGE, content, keep);
  const start = open.index + open[0].length;
  return page.slice(0, start) + content + (keep ? page.slice(start, close) : '') + page.slice(close);
}

function answerSection(eyebrow: string, heading: string, paragraphs: string[], back: string): string {
  return (
    `<section class="kit-section enquiry-answer" aria-labelledby="enquiry-answer-heading"><div class="container enquiry-answer-body">` +
    `<p class="kit-eyebrow">${eyebrow}</p><h1 id="enquiry-answer-heading" tabindex="-1" autofocus>${heading}</h1>` +
    paragraphs.map((p) => `<p>${p}</p>`).join('') +
    `<p class="enquiry-answer-links"><a class="button" href="${escapeHtml(back)}">Back to the page you were on</a><a href="/">Go to the home page</a></p>` +
    `</div></section>`
  );
}

export function sentPage(template: string | undefined, { fullname, email }: Pick<EnquiryWire, 'fullname' | 'email'>, back: string): string {
  const page = retitled(template ?? BARE_PAGE, 'Your message was sent');
  const thanks = `Thank you, ${escapeHtml(fullname.trim())}. Your message has reached our team, and we will reply to <strong>${escapeHtml(email.trim())}</strong>.`;
  return withMain(page, answerSection('Message sent', 'Your message is on its way', [thanks, 'You do not need to send it again.'], back));
}

export function refusedPage(template: string | undefined, reason: string, back: string): string {
  const page = retitled(template ?? BARE_PAGE, 'Your message was not sent');
  const section = answerSection('Message not sent', 'Your message was not sent', [escapeHtml(reason), 'Go back to the form: your browser usually keeps what you typed there.'], back);
  return withMain(page, section.replace('class="kit-section enquiry-answer"', 'class="kit-section enquiry-answer" role="alert"'));
}

type FieldErrors = Partial<Record<keyof EnquiryWire, string>>;

/** A summary line: the field's label before its message, unless the message starts with it ("Email is required"). */
function namedMessage(label: string, message: string): string {
  return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
}

/**
 * The page again, its form holding what was sent and each refused field's message, under a summary linking to
 * them. A field the page's form does not have is listed in the summary with the value sent, so nothing is lost.
 */
export function invalidPage(template: string | undefined, values: EnquiryWire, errors: FieldErrors, labels: Partial<Record<keyof EnquiryWire, string>>): string {
  const page = retitled(template ?? BARE_PAGE, 'Check your message');
  const formStart = page.lastIndexOf('<form', page.indexOf(`action="${SEND_EMAIL_PATH}"`));
  const formEnd = page.indexOf('</form>', formStart);
  const hasForm = page.includes(`action="${SEND_EMAIL_PATH}"`) && formStart >= 0 && formEnd > formStart;
  let form = hasForm ? page.slice(formStart, formEnd) : '';
  const items: string[] = [];
  for (const [wire, value] of Object.entries(values) as Array<[keyof EnquiryWire, string]>) {
    if (wire === 'type') continue; // the site's id: the page's own hidden field keeps it
    const error = errors[wire];
    const filled = form ? fillControl(form, wire, value, error) : undefined;
    if (filled) form = filled.form;
    const label = filled?.label ?? labels[wire] ?? wire;
    if (!error) continue;
    const said = escapeHtml(namedMessage(label, error));
    items.push(filled ? `<li><a href="#${escapeHtml(filled.id)}">${said}</a></li>` : `<li>${said} (you wrote “${escapeHtml(value)}”)</li>`);
  }
  const count = items.length === 1 ? 'One field needs' : `${items.length} fields need`;
  const summary =
    `<div class="container enquiry-summary-wrap"><div class="enquiry-summary" role="alert" aria-labelledby="enquiry-summary-heading" tabindex="-1" autofocus>` +
    `<h2 id="enquiry-summary-heading">Your message was not sent: ${count} another look</h2>` +
    `<p>${hasForm ? 'Everything you typed is still in the form below. Correct these and send it again:' : 'Correct these and send your message again:'}</p><ul>${items.join('')}</ul></div></div>`;
  const refilled = hasForm ? unmarkIsland(page.slice(0, formStart)) + form + page.slice(formEnd) : page;
  return withMain(refilled, summary, true);
}

/**
 * The form's block stays plain HTML on this page: hydrated, React would render the form empty over the values and
 * messages put in here. Sent again, it posts as a plain form.
 */
function unmarkIsland(beforeForm: string): string {
  const root = beforeForm.lastIndexOf('<div data-block="contact-form"');
  if (root < 0) return beforeForm;
  const tagEnd = beforeForm.indexOf('>', root);
  const tag = beforeForm.slice(root, tagEnd).replace(new RegExp(` (${ISLAND_MODE_ATTRIBUTE}|${ISLAND_ENTRY_ATTRIBUTE})="[^"]*"`, 'g'), '');
  return beforeForm.slice(0, root) + tag + beforeForm.slice(tagEnd);
}

/** The form with one control holding `value` (and its message after it); undefined when the form has no such control. */
function fillControl(form: string, wire: string, value: string, error: string | undefined): { form: string; id: string; label: string } | undefined {
  const match = new RegExp(`<(input|textarea|select)\\b[^>]*\\bname="${wire}"[^>]*>`).exec(form);
  if (!match) return undefined;
  const [tag, element] = match;
  const id = /\bid="([^"]+)"/.exec(tag)?.[1] ?? '';
  const label = /<label for="([^"]+)"[^>]*>([^<]*)/g;
  let text = wire;
  for (let m = label.exec(form); m; m = label.exec(form)) if (m[1] === id) text = m[2]!.trim();
  const marked = error ? tag.replace(/\s*\/?>$/, (end) => ` aria-invalid="true" aria-describedby="${id}-error"${end}`) : tag;
  const message = error ? `<p id="${id}-error" data-field-error="">${escapeHtml(error)}</p>` : '';
  const before = form.slice(0, match.index);
  let after = form.slice(match.index + tag.length);
  let control: string;
  if (element === 'input') {
    control = / value="[^"]*"/.test(marked) ? marked.replace(/ value="[^"]*"/, ` value="${escapeHtml(value)}"`) : marked.replace(/\s*\/?>$/, ` value="${escapeHtml(value)}"/>`);
  } else {
    const closing = `</${element}>`;
    const inner = after.slice(0, after.indexOf(closing));
    after = after.slice(inner.length + closing.length);
    // A textarea's first line break is dropped by the parser: one more keeps a value that starts with one.
    const content = element === 'textarea' ? (value.startsWith('\n') ? '\n' : '') + escapeHtml(value) : selectOption(inner, value);
    control = marked + content + closing;
  }
  return { form: before + control + message + after, id, label: text };
}

/** The options with the sent one selected; a value no option has (an altered request) leaves the first one. */
function selectOption(options: string, value: string): string {
  const cleared = options.replace(/ selected=""/g, '');
  const chosen = `<option value="${escapeHtml(value)}"`;
  return cleared.includes(chosen) ? cleared.replace(chosen, `${chosen} selected=""`) : options;
}
