import type { Locale, MessageKind } from '@vastra/contracts';

/**
 * What each message says, in English and Hindi (issue 39). A registered template (DLT for SMS, an
 * approved WhatsApp template) is fixed text with numbered variables: `params` are those variables in
 * order, and the text here is the same template filled in — what the development provider "sends"
 * and what the outbox keeps as the record of what was said. Registering a template means registering
 * exactly these words with `{#var#}` in place of each parameter.
 */
export interface MessageFacts {
  /** `VA-…`, the order number the shopper knows. */
  orderNumber?: string;
  /** The tracking link (`shipped`), the confirmation link (`cod_confirm`), the offer's page (`offer`). */
  link?: string;
  /** `₹1,299.00` (`refund_made`). */
  amount?: string;
  /** The one-time code (`otp`). */
  code?: string;
  /** The offer's words (`offer`). */
  offer?: string;
  /** Where offers are turned off (`offer`): every offer carries its way to stop. */
  stopLink?: string;
}

type Words = (p: string[]) => string;

/** Per kind: which facts are its variables (in template order), and its words in each language. */
const TEMPLATES: Record<
  MessageKind,
  { params: (f: MessageFacts) => string[]; words: Record<Locale, Words> }
> = {
  otp: {
    params: (f) => [f.code ?? ''],
    words: {
      en: ([code]) => `${code} is your Vastra code. It is valid for 5 minutes. Do not share it with anyone.`,
      hi: ([code]) => `${code} आपका Vastra कोड है। यह 5 मिनट तक मान्य है। इसे किसी से साझा न करें।`,
    },
  },
  order_placed: {
    params: (f) => [f.orderNumber ?? ''],
    words: {
      en: ([n]) => `Vastra: your order ${n} is placed. We will tell you when it ships.`,
      hi: ([n]) => `Vastra: आपका ऑर्डर ${n} मिल गया है। भेजे जाने पर हम आपको बताएँगे।`,
    },
  },
  cod_confirm: {
    params: (f) => [f.orderNumber ?? '', f.link ?? ''],
    words: {
      en: ([n, link]) => `Vastra: please confirm your Cash on Delivery order ${n} so we can ship it: ${link}`,
      hi: ([n, link]) => `Vastra: कृपया अपने कैश ऑन डिलीवरी ऑर्डर ${n} की पुष्टि करें ताकि हम उसे भेज सकें: ${link}`,
    },
  },
  shipped: {
    params: (f) => [f.orderNumber ?? '', f.link ?? ''],
    words: {
      en: ([n, link]) => `Vastra: your order ${n} has shipped. Track it: ${link}`,
      hi: ([n, link]) => `Vastra: आपका ऑर्डर ${n} भेज दिया गया है। ट्रैक करें: ${link}`,
    },
  },
  out_for_delivery: {
    params: (f) => [f.orderNumber ?? ''],
    words: {
      en: ([n]) => `Vastra: your order ${n} is out for delivery today.`,
      hi: ([n]) => `Vastra: आपका ऑर्डर ${n} आज डिलीवरी के लिए निकल चुका है।`,
    },
  },
  delivered: {
    params: (f) => [f.orderNumber ?? ''],
    words: {
      en: ([n]) => `Vastra: your order ${n} is delivered. Thank you for shopping with us.`,
      hi: ([n]) => `Vastra: आपका ऑर्डर ${n} डिलीवर हो गया है। हमारे साथ खरीदारी के लिए धन्यवाद।`,
    },
  },
  return_picked_up: {
    params: (f) => [f.orderNumber ?? ''],
    words: {
      en: ([n]) => `Vastra: the return from your order ${n} has reached the seller.`,
      hi: ([n]) => `Vastra: आपके ऑर्डर ${n} की वापसी विक्रेता तक पहुँच गई है।`,
    },
  },
  refund_made: {
    params: (f) => [f.amount ?? '', f.orderNumber ?? ''],
    words: {
      en: ([amount, n]) => `Vastra: your refund of ${amount} for order ${n} is made.`,
      hi: ([amount, n]) => `Vastra: ऑर्डर ${n} के लिए ${amount} का रिफ़ंड कर दिया गया है।`,
    },
  },
  offer: {
    params: (f) => [f.offer ?? '', f.link ?? '', f.stopLink ?? ''],
    words: {
      en: ([offer, link, stop]) => `Vastra: ${offer} ${link} Reply STOP or turn offers off at ${stop}`,
      hi: ([offer, link, stop]) => `Vastra: ${offer} ${link} ऑफ़र बंद करने के लिए STOP लिखें या ${stop} पर बंद करें`,
    },
  },
};

/** A message's variables and its words in the shopper's language. */
export function messageText(kind: MessageKind, locale: Locale, facts: MessageFacts) {
  const template = TEMPLATES[kind];
  const params = template.params(facts);
  return { params, text: template.words[locale === 'hi' ? 'hi' : 'en'](params) };
}

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `₹1,299.00` for 129900 paise, as a refund message shows it. */
export const rupeesOf = (paise: number) => `₹${rupees.format(paise / 100)}`;
