import type { MailMessage } from './mailer.ts';

/** Who an account mail is to: their name, address and language (English unless they chose Hindi). */
export interface MailAccount {
  fullName: string;
  email: string;
  locale?: 'en' | 'hi';
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A short HTML body: paragraphs, and the link as a button-like anchor (plain text carries the same words). */
function simpleHtml(paragraphs: string[], link?: { href: string; label: string }, hi = false) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link) {
    body.splice(
      2,
      0,
      `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#7a1f3d;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
      `<p style="font-size:13px;color:#555">${hi ? 'या यह पता खोलें' : 'Or open this address'}: ${escapeHtml(link.href)}</p>`,
    );
  }
  return `<!doctype html><html${hi ? ' lang="hi"' : ''}><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d2433">${body.join('')}</body></html>`;
}

/** The link to set a new password; it works once, for 30 minutes. */
export function passwordResetMail(to: MailAccount, link: string): MailMessage {
  if (to.locale === 'hi') {
    const intro = [
      `नमस्ते ${to.fullName},`,
      'किसी ने (उम्मीद है आपने) आपके वस्त्र खाते का पासवर्ड रीसेट करने को कहा है। नया पासवर्ड यहाँ चुनें:',
    ];
    const outro = [
      'यह लिंक एक बार, 30 मिनट तक काम करता है।',
      'अगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड वही रहेगा।',
    ];
    return {
      to: to.email,
      kind: 'password_reset',
      subject: 'अपना वस्त्र पासवर्ड रीसेट करें',
      text: [intro[0], '', intro[1], link, '', ...outro].join('\n'),
      html: simpleHtml([...intro, ...outro], { href: link, label: 'नया पासवर्ड चुनें' }, true),
    };
  }
  const intro = [
    `Hello ${to.fullName},`,
    'Someone (we hope you) asked to reset the password of your Vastra account. Choose a new password here:',
  ];
  const outro = [
    'The link works once, for 30 minutes.',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  return {
    to: to.email,
    kind: 'password_reset',
    subject: 'Reset your Vastra password',
    text: [...intro.slice(0, 1), '', intro[1], link, '', ...outro].join('\n'),
    html: simpleHtml([...intro, ...outro], { href: link, label: 'Choose a new password' }),
  };
}

/** The link that confirms the address belongs to the account holder. */
export function emailVerificationMail(to: MailAccount, link: string): MailMessage {
  if (to.locale === 'hi') {
    const intro = [`नमस्ते ${to.fullName},`, 'वस्त्र में आपका स्वागत है! कृपया पुष्टि करें कि यह आपका ई-मेल पता है:'];
    const outro = [
      'यह लिंक 7 दिन तक काम करता है। तब तक आप अपना खाता इस्तेमाल कर सकते हैं।',
      'अगर आपने वस्त्र पर खाता नहीं बनाया, तो इस ई-मेल को अनदेखा करें।',
    ];
    return {
      to: to.email,
      kind: 'email_verification',
      subject: 'वस्त्र के लिए अपना ई-मेल पता पुष्टि करें',
      text: [intro[0], '', intro[1], link, '', ...outro].join('\n'),
      html: simpleHtml([...intro, ...outro], { href: link, label: 'मेरा ई-मेल पता पुष्टि करें' }, true),
    };
  }
  const intro = [
    `Hello ${to.fullName},`,
    'Welcome to Vastra! Please confirm that this is your e-mail address:',
  ];
  const outro = [
    'The link works for 7 days. You can use your account meanwhile; sellers need a confirmed address before a payout.',
    'If you did not create a Vastra account, ignore this e-mail.',
  ];
  return {
    to: to.email,
    kind: 'email_verification',
    subject: 'Confirm your e-mail address for Vastra',
    text: [intro[0], '', intro[1], link, '', ...outro].join('\n'),
    html: simpleHtml([...intro, ...outro], { href: link, label: 'Confirm my e-mail address' }),
  };
}

/** A notice after every password change or reset, so an account holder notices one they did not make. */
export function passwordChangedMail(to: MailAccount, contactUrl: string): MailMessage {
  if (to.locale === 'hi') {
    const lines = [
      `नमस्ते ${to.fullName},`,
      'आपके वस्त्र खाते का पासवर्ड अभी बदला गया है, और बाक़ी सभी डिवाइस से लॉगआउट कर दिया गया है।',
      `अगर यह आपने नहीं किया, तो लॉगिन पेज पर "पासवर्ड भूल गए?" से तुरंत अपना पासवर्ड रीसेट करें और हमें बताएँ: ${contactUrl}`,
    ];
    return {
      to: to.email,
      kind: 'password_changed',
      subject: 'आपका वस्त्र पासवर्ड बदल दिया गया',
      text: [lines[0], '', lines[1], lines[2]].join('\n'),
      html: simpleHtml(lines, undefined, true),
    };
  }
  const lines = [
    `Hello ${to.fullName},`,
    'The password of your Vastra account was just changed, and every other device was logged out.',
    `If this was not you, reset your password at once with "Forgot password?" on the login page and tell us: ${contactUrl}`,
  ];
  return {
    to: to.email,
    kind: 'password_changed',
    subject: 'Your Vastra password was changed',
    text: [lines[0], '', lines[1], lines[2]].join('\n'),
    html: simpleHtml(lines),
  };
}
