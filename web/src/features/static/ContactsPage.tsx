import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/TextField.tsx';
import { api } from '../../lib/api.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { toast } from '../../lib/toast.ts';
import './static.css';

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
  if (f.name.trim().length < 2) e.name = 'Please enter your name';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) e.email = 'Please enter a valid email';
  if (f.subject.trim().length < 2) e.subject = 'Please enter a subject';
  if (f.message.trim().length < 10) e.message = 'Message must be at least 10 characters';
  return e;
}

/** /contacts: message form (POST /api/contact) and the shop's address, phones and e-mail. */
export default function ContactsPage() {
  const site = useSiteInfo().data;
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof validateContact>>({});
  const send = useMutation({
    mutationFn: (body: ContactForm) => api('/api/contact', { method: 'POST', body }),
    onSuccess: () => {
      toast.success('Message sent. We will get back to you soon.');
      setForm(EMPTY);
    },
    onError: (err) => toast.error(err.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate(form);
  };
  const set = (k: keyof ContactForm) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });
  return (
    <section className="page">
      <h1>Contact Us</h1>
      <div className="contact-layout">
        <form className="card form" onSubmit={submit} noValidate>
          <TextField
            id="contact-name"
            label="Name"
            autoComplete="name"
            value={form.name}
            onChange={set('name')}
            error={errors.name}
            required
          />
          <TextField
            id="contact-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            error={errors.email}
            required
          />
          <TextField
            id="contact-subject"
            label="Subject"
            value={form.subject}
            onChange={set('subject')}
            error={errors.subject}
            required
          />
          <div className="field">
            <label htmlFor="contact-message">Message</label>
            <textarea
              id="contact-message"
              value={form.message}
              onChange={set('message')}
              aria-invalid={!!errors.message}
              aria-describedby={errors.message ? 'contact-message-err' : undefined}
              maxLength={5000}
              required
            />
            {errors.message && (
              <span id="contact-message-err" className="field-error">
                {errors.message}
              </span>
            )}
          </div>
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send message'}
          </button>
        </form>
        <aside className="card contact-info">
          <h2>Reach us</h2>
          {site ? (
            <address>
              <strong>{site.ownerName}</strong>
              <br />
              {site.address}
              <br />
              Email: <a href={`mailto:${site.email}`}>{site.email}</a>
              {site.phones.map((p) => (
                <span key={p}>
                  <br />
                  Phone: <a href={`tel:${p.replace(/\s/g, '')}`}>{p}</a>
                </span>
              ))}
            </address>
          ) : (
            <p className="muted">Loading contact details…</p>
          )}
          <p className="muted">We answer within one working day, Monday to Saturday, 10 am to 6 pm IST.</p>
        </aside>
      </div>
    </section>
  );
}
