import { formatPaise } from '../mail/index.ts';
import { TEST_BANKS, TEST_VPA_OK } from './test-page-form.ts';
import { TEST_CARD_OK } from './test-provider.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * What the page shows: only what the payer needs to decide to pay. Anyone holding the session id
 * can open it, so it shows no e-mail, name or address of the customer.
 */
export interface PayPageOrder {
  items: Array<{ name: string; quantity: number; amountPaise: number }>;
  subtotalPaise: number;
  gstPaise: number;
  totalPaise: number;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;color:#1d2430}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:10px;padding:24px;box-shadow:0 2px 12px #0002}
h1{font-size:1.2rem;margin:0 0 4px}p.note{color:#555;font-size:.85rem;margin:0 0 16px}
.test-mode{background:#fff4d6;color:#6b4b00;border:1px solid #e8c66a;padding:10px;border-radius:6px;margin:0 0 16px;font-size:.9rem}
table{width:100%;border-collapse:collapse;margin-bottom:16px}td{padding:4px 0}td.r{text-align:right}
tr.total td{font-weight:700;border-top:1px solid #ddd;padding-top:8px}
label{display:block;font-size:.85rem;margin:10px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #bbb;border-radius:6px}
.row{display:flex;gap:10px}.row>div{flex:1}
button{width:100%;padding:12px;font-size:1rem;border:0;border-radius:6px;margin-top:14px;cursor:pointer}
.pay{background:#5b3cc4;color:#fff}.cancel{background:#eee;color:#333}
.error{background:#fde8e8;color:#9b1c1c;padding:10px;border-radius:6px;margin-bottom:12px}
fieldset{border:1px solid #ddd;border-radius:8px;padding:12px 14px;margin:0 0 14px}legend{font-weight:600;padding:0 4px}
select{width:100%;padding:10px;font-size:1rem;border:1px solid #bbb;border-radius:6px;background:#fff}`;

/** On every page of the built-in provider: a shop without a payment key in production still shows them. */
const TEST_MODE_BANNER =
  '<p class="test-mode" role="note"><strong>TEST MODE</strong>: no real money is taken. This shop has no payment provider (Razorpay or Stripe) set up.</p>';

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${TEST_MODE_BANNER}${body}</main></body></html>`;
}

/**
 * The built-in provider's hosted checkout: plain HTML forms (the CSP allows no inline scripts),
 * amounts in 'Rs. 1,299.00' form, a prefilled test card, Pay and Cancel.
 */
export function renderPayPage(sessionId: string, order: PayPageOrder, error?: string) {
  const id = encodeURIComponent(sessionId);
  const rows = order.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.name)} × ${i.quantity}</td><td class="r">${formatPaise(i.amountPaise)}</td></tr>`,
    )
    .join('');
  return page(
    'Vastra test payment',
    `<h1>Pay ${formatPaise(order.totalPaise)}</h1>
<p class="note">UPI id failure@upi, card 4000 0000 0000 0002 and "Test Bank (payment fails)" are declined.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<table>${rows}
<tr><td>Taxable value</td><td class="r">${formatPaise(order.subtotalPaise)}</td></tr>
<tr><td>GST</td><td class="r">${formatPaise(order.gstPaise)}</td></tr>
<tr><td>Shipping</td><td class="r">Free</td></tr>
<tr class="total"><td>Total</td><td class="r">${formatPaise(order.totalPaise)}</td></tr></table>
<form method="post" action="/pay/${id}/pay"><fieldset><legend>UPI</legend>
<input type="hidden" name="method" value="upi">
<label for="vpa">UPI id</label><input id="vpa" name="vpa" autocomplete="off" value="${TEST_VPA_OK}" required>
<button class="pay" type="submit">Pay ${formatPaise(order.totalPaise)} by UPI</button></fieldset></form>
<form method="post" action="/pay/${id}/pay"><fieldset><legend>Card</legend>
<label for="card">Card number</label><input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="${TEST_CARD_OK.replace(/(\d{4})(?=\d)/g, '$1 ')}" required>
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="expiry" value="12 / 34" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123" required></div></div>
<button class="pay" type="submit">Pay ${formatPaise(order.totalPaise)}</button></fieldset>
</form>
<form method="post" action="/pay/${id}/pay"><fieldset><legend>Netbanking</legend>
<input type="hidden" name="method" value="netbanking">
<label for="bank">Bank</label><select id="bank" name="bank">${Object.entries(TEST_BANKS)
      .map(([value, name]) => `<option value="${value}">${escapeHtml(name)}</option>`)
      .join('')}</select>
<button class="pay" type="submit">Pay ${formatPaise(order.totalPaise)} by netbanking</button></fieldset></form>
<form method="post" action="/pay/${id}/cancel"><button class="cancel" type="submit">Cancel and return to the cart</button></form>`,
  );
}

/** A session that can no longer be paid (paid already, expired, cancelled, unknown). */
export function renderClosedPage(message: string, link?: { href: string; label: string }) {
  return page(
    'Vastra test payment',
    `<h1>${escapeHtml(message)}</h1>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
  );
}
