import { useMutation } from '@tanstack/react-query';
import { TEXT_LIMITS } from '@vastra/contracts/constants';
import { type FormEvent, useState } from 'react';
import { TextAreaField, TextField } from '../../components/fields.tsx';
import { api } from '../../lib/api.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { toast } from '../../lib/toast.ts';
import './static.css';
import { useI18n } from '../../lib/i18n.tsx';

interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}
const EMPTY: ContactForm = { name: '', email: '', subject: '', message: '' };

/** Client checks matching the server's contact schema, so mistakes show before sending. */
export function validateContact(f: ContactForm): Partial<Record<keyof ContactForm, string>> {
  const e: Partial<Record<keyof ContactForm, string>> = {};
  const { contactName, contactSubject, contactMessage } = TEXT_LIMITS;
  if (f.name.trim().length < contactName.min) e.name = /*i18n*/ 'Please enter your name';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) e.email = /*i18n*/ 'Please enter a valid email';
  if (f.subject.trim().length < contactSubject.min) e.subject = /*i18n*/ 'Please enter a subject';
  if (f.message.trim().length < contactMessage.min)
    e.message = `Message must be at least ${contactMessage.min} characters`;
  return e;
}

/** /contacts: message form (POST /api/contact) and the shop's address, phones and e-mail. */
export default function ContactsPage() {
  const i18n = useI18n();
  const site = useSiteInfo().data;
  const [form, setForm] = useState(EMPTY);
  const fields = useFieldErrors(['name', 'email', 'subject', 'message'] as const);
  const errors = fields.errors;
  const send = useMutation({
    mutationFn: (body: ContactForm) => api('/api/contact', { method: 'POST', body }),
    onSuccess: () => {
      toast.success(i18n._('Message sent. We will get back to you soon.'));
      setForm(EMPTY);
    },
    onError: (err) => {
      if (!fields.fromError(err)) toast.error(err.message);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Every problem at once, beside its field, with focus on the first.
    if (!fields.show(validateContact(form))) send.mutate(form);
  };
  const set = (k: keyof ContactForm) => (e: { target: { value: string } }) => {
    setForm({ ...form, [k]: e.target.value });
    fields.clear(k);
  };
  return (
    <section className="page">
      <h1>{i18n._('Contact Us')}</h1>
      <div className="contact-layout">
        <form ref={fields.formRef} className="card form" onSubmit={submit} noValidate>
          <TextField
            id="contact-name"
            label={i18n._('Name')}
            autoComplete="name"
            maxLength={TEXT_LIMITS.contactName.max}
            value={form.name}
            onChange={set('name')}
            error={errors.name}
          />
          <TextField
            id="contact-email"
            label={i18n._('Email')}
            type="email"
            autoComplete="email"
            maxLength={TEXT_LIMITS.email.max}
            value={form.email}
            onChange={set('email')}
            error={errors.email}
          />
          <TextField
            id="contact-subject"
            label={i18n._('Subject')}
            maxLength={TEXT_LIMITS.contactSubject.max}
            value={form.subject}
            onChange={set('subject')}
            error={errors.subject}
          />
          <TextAreaField
            id="contact-message"
            label={i18n._('Message')}
            maxLength={TEXT_LIMITS.contactMessage.max}
            value={form.message}
            onChange={set('message')}
            error={errors.message}
          />
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? i18n._('Sending…') : i18n._('Send message')}
          </button>
        </form>
        <aside className="card contact-info">
          <h2>{i18n._('Reach us')}</h2>
          {site ? (
            <address>
              <strong>{site.ownerName}</strong>
              <br />
              {site.address}
              <br />
              {i18n._('Email:')} <a href={`mailto:${site.email}`}>{site.email}</a>
              {site.phones.map((p) => (
                <span key={p}>
                  <br />
                  {i18n._('Phone:')} <a href={`tel:${p.replace(/\s/g, '')}`}>{p}</a>
                </span>
              ))}
            </address>
          ) : (
            <p className="muted">{i18n._('Loading contact details…')}</p>
          )}
          <p className="muted">
            {i18n._('We answer within one working day, Monday to Saturday, 10 am to 6 pm IST.')}
          </p>
        </aside>
      </div>
    </section>
  );
}
