import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { Mailer } from '../mail/index.ts';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Stores a contact-form message (the admin lists them) and e-mails it to the shop's address.
 * The message is stored first, so a mail failure never loses it.
 */
export async function sendContactMessage(
  db: Db,
  mailer: Mailer,
  shopEmail: string,
  input: ContactMessage,
): Promise<void> {
  await db.insert(contactMessages).values(input);
  await mailer.send({
    to: shopEmail,
    subject: `Contact form: ${input.subject}`,
    text: [
      `From: ${input.name} <${input.email}>`,
      `Subject: ${input.subject}`,
      '',
      input.message,
      '',
      '(Sent from the contact page. Reply to the address above.)',
    ].join('\n'),
    kind: 'contact',
  });
}
