import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Formik, Form, type FormikErrors, type FormikHelpers, type FormikProps, type FormikTouched } from 'formik';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { Mail, Phone } from 'lucide-react';
import type { ContactFormProps } from '../../src/generated/block-props';
import { EnquiryRefused, sendEnquiry } from '../../src/features/enquiry/send-enquiry';
import { FORM_PAGE_FIELD, SEND_EMAIL_PATH, wireFieldOf } from '../../src/features/enquiry/enquiry-contract';
import { DEFAULT_FIELD_LABELS, emptyContactValues, filterName, filterPhone, isRequiredContactField, validateEnquiry, type ContactField, type ContactValues } from '../../src/features/enquiry/rules';
import { Section } from '../../src/kit/section';
import { telHref, useSiteSettings } from '../../src/kit/site-settings';
import { useRoute } from '../../src/kit/route-context';
import { typedValues } from './typed-values';
import styles from './contact-form.module.css';

/** Filters applied as the visitor types. */
const FILTERS: Partial<Record<ContactField, (text: string) => string>> = { name: filterName, phone: filterPhone };

/** Per-field input attributes: the right keyboard on phones and browser autofill. */
const INPUT_ATTRS: Record<Exclude<ContactField, 'message'>, { type: string; autoComplete: string; inputMode?: 'numeric' | 'email' | 'text' }> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel-national', inputMode: 'numeric' },
  industry: { type: 'text', autoComplete: 'organization-title' },
};

const SUCCESS_TOAST_MS = 5000;

export default function ContactForm({ variant, heading, intro, fields, labels, industryOptions, industryPlaceholder, submitLabel, successMessage, aside }: ContactFormProps) {
  const settings = useSiteSettings();
  const route = useRoute();
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const toastContainerId = `${baseId}-toasts`;
  const fieldId = (field: ContactField) => `${baseId}-${field}`;
  const errorId = (field: ContactField) => `${baseId}-${field}-error`;
  // Formik does not stop a second submit (Enter pressed twice) while the first is in flight; this does.
  const sending = useRef(false);
  const [failure, setFailure] = useState('');
  // The spam guard: a field only bots fill, and how long the visitor has been on the site (since the document
  // started loading: a person never sends sooner than MIN_FILL_MS, wherever on the site they began).
  const honeypot = useRef<HTMLInputElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const formik = useRef<FormikProps<ContactValues>>(null);
  // Text typed before the island hydrated is in the inputs but not in Formik's state: take it over once mounted.
  useEffect(() => {
    const typed = typedValues(formElement.current, fields, FILTERS);
    if (Object.keys(typed).length > 0) void formik.current?.setValues((values) => ({ ...values, ...typed }), false);
  }, [fields]);

  const onSubmit = async (values: ContactValues, { resetForm, setErrors, setTouched }: FormikHelpers<ContactValues>) => {
    if (sending.current) return;
    sending.current = true;
    setFailure('');
    try {
      const guard = { honeypot: honeypot.current?.value ?? '', fillMs: performance.now() };
      await sendEnquiry(values, { siteId: settings.siteId, guard });
      resetForm();
      toast.success(successMessage, { containerId: toastContainerId, autoClose: SUCCESS_TOAST_MS });
    } catch (error) {
      // Values stay as typed, so the visitor can simply try again. Fields the server refused show its words beside them.
      if (error instanceof EnquiryRefused) {
        await setTouched(Object.fromEntries(Object.keys(error.fields).map((f) => [f, true])), false);
        setErrors(error.fields);
      }
      const message = error instanceof Error ? error.message : String(error);
      setFailure(message);
      toast.error(message, { containerId: toastContainerId });
    } finally {
      sending.current = false;
    }
  };

  const renderField = (
    field: ContactField,
    form: {
      values: ContactValues;
      errors: FormikErrors<ContactValues>;
      touched: FormikTouched<ContactValues>;
      setFieldTouched: (field: string) => unknown;
      setFieldValue: (field: string, value: string) => unknown;
    },
  ) => {
    const error = form.touched[field] ? form.errors[field] : undefined;
    const required = isRequiredContactField(field);
    const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const filter = FILTERS[field];
      form.setFieldValue(field, filter ? filter(e.target.value) : e.target.value);
    };
    const common = {
      id: fieldId(field),
      // The wire's name: without JavaScript the browser posts the form as it is (see the <Form> below).
      name: wireFieldOf[field],
      value: form.values[field],
      onChange,
      onBlur: () => void form.setFieldTouched(field),
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId(field) : undefined,
      className: styles.control,
    };

    let control;
    if (field === 'message') {
      control = <textarea {...common} rows={5} />;
    } else if (field === 'industry' && industryOptions && industryOptions.length > 0) {
      control = (
        <select {...common} className={`${styles.control} ${styles.select}`}>
          <option value="">{industryPlaceholder}</option>
          {industryOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    } else {
      // No maxLength on the phone: the browser would cut a pasted "+91 98765-43210" before the digit filter runs;
      // the filter itself keeps at most ten digits.
      control = <input {...common} {...INPUT_ATTRS[field]} />;
    }

    return (
      <div key={field} className={field === 'message' ? `${styles.field} ${styles.wide}` : styles.field}>
        <label htmlFor={fieldId(field)} className={styles.label}>
          {labels?.[field] ?? DEFAULT_FIELD_LABELS[field]}
          {required ? (
            <span className={styles.required} aria-hidden="true">
              {' '}
              *
            </span>
          ) : (
            <span className={styles.optional}> (optional)</span>
          )}
        </label>
        {control}
        {error && (
          <p id={errorId(field)} className={styles.error} data-field-error="">
            {error}
          </p>
        )}
      </div>
    );
  };

  const form = (
    <Formik<ContactValues> innerRef={formik} initialValues={emptyContactValues} validate={validateEnquiry} onSubmit={onSubmit}>
      {({ values, errors, touched, setFieldTouched, setFieldValue, isSubmitting }) => (
        // A real form: without JavaScript (or before it arrived) the browser posts it, and the server answers with a
        // page; once hydrated, Formik takes the submit and sends it with fetch. noValidate: the rules' own messages.
        <Form ref={formElement} className={styles.form} aria-labelledby={headingId} method="post" action={SEND_EMAIL_PATH} encType="multipart/form-data" noValidate>
          <input type="hidden" name="type" value={settings.siteId} />
          <input type="hidden" name={FORM_PAGE_FIELD} value={route.path} />
          <p className={styles.legend}>
            Fields marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">with an asterisk</span> are required.
          </p>
          <div className={styles.grid}>{fields.map((field) => renderField(field, { values, errors, touched, setFieldTouched, setFieldValue }))}</div>
          {/* For bots only: out of sight, out of the tab order and hidden from assistive technology. */}
          <div className="visually-hidden" aria-hidden="true">
            <label>
              Leave this field empty
              <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          <div className={styles.actions}>
            <button type="submit" className={`button ${styles.submit}`} disabled={isSubmitting} aria-disabled={isSubmitting || undefined}>
              {isSubmitting ? 'Sending…' : submitLabel}
            </button>
            {failure && (
              <p className={styles.failure} role="alert">
                {failure}
              </p>
            )}
          </div>
        </Form>
      )}
    </Formik>
  );

  const showAside = variant === 'contact' && aside;

  return (
    <Section
      tone={variant === 'help' ? 'tint' : 'plain'}
      heading={heading}
      headingId={headingId}
      // The form inside carries the heading's name: a region of the same name around it would say it twice.
      labelled={false}
      align={variant === 'help' ? 'center' : 'start'}
      spacing="flush"
      tracking="normal"
      width="column"
      className={styles[variant]}
      containerClassName={styles.layout}
      copyClassName={styles.header}
      mediaPlacement="after"
      media={
        <div className={styles.card}>
          {form}
          <ToastContainer containerId={toastContainerId} position="top-right" autoClose={variant === 'contact' ? 3000 : 5000} pauseOnHover draggable draggablePercent={80} />
        </div>
      }
    >
      {intro && <p className={styles.intro}>{intro}</p>}
      {showAside && (
        <div className={styles.aside}>
          <h3 className={styles.asideHeading}>{aside.heading}</h3>
          {aside.text && <p className={styles.asideText}>{aside.text}</p>}
          <ul className={styles.direct}>
            <li>
              <a href={`mailto:${settings.contact.email}`} className={styles.directLink}>
                <Mail aria-hidden="true" focusable="false" className={styles.directIcon} />
                <span>{settings.contact.email}</span>
              </a>
            </li>
            <li>
              <a href={telHref(settings.contact.phone)} className={styles.directLink}>
                <Phone aria-hidden="true" focusable="false" className={styles.directIcon} />
                <span>{settings.contact.phone}</span>
              </a>
            </li>
          </ul>
        </div>
      )}
    </Section>
  );
}
