import { formatPaise } from '../modules/mail/index.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page may load Razorpay Checkout's script and frames, and nothing else from outside. */
export const RAZORPAY_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' https://checkout.razorpay.com",
  'frame-src https://api.razorpay.com https://checkout.razorpay.com',
  "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
  "img-src 'self' data: https:",
  "style-src 'self' 'unsafe-inline'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
].join(';');

/**
 * Opens Razorpay Checkout with the page's data, then posts the handler's result to our server (no
 * inline script: the CSP forbids it). Dismissing Checkout leaves the page, with a button to reopen.
 */
export const RAZORPAY_SCRIPT = `(() => {
  const form = document.getElementById('rzp-result');
  const d = form.dataset;
  const open = () => {
    if (!window.Razorpay) { document.getElementById('rzp-error').hidden = false; return; }
    new window.Razorpay({
      key: d.key, order_id: d.order, amount: Number(d.amount), currency: 'INR', name: d.shop,
      description: d.description,
      handler: (r) => {
        form.razorpay_order_id.value = r.razorpay_order_id;
        form.razorpay_payment_id.value = r.razorpay_payment_id;
        form.razorpay_signature.value = r.razorpay_signature;
        form.submit();
      },
    }).open();
  };
  document.getElementById('rzp-open').addEventListener('click', open);
  open();
})();`;

export function renderRazorpayPage(p: {
  keyId: string;
  orderId: string;
  /** Only what the payer needs: anyone holding the order id can open the page, so no name or e-mail. */
  order: { totalPaise: number; items: { name: string; quantity: number }[] };
  cancelUrl: string;
}) {
  const id = encodeURIComponent(p.orderId);
  const description = p.order.items
    .map((i) => `${i.name} × ${i.quantity}`)
    .join(', ')
    .slice(0, 250);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pay with Razorpay</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;color:#1d2430}main{max-width:420px;margin:40px auto;background:#fff;border-radius:10px;padding:24px;box-shadow:0 2px 12px #0002}button,a.b{display:block;width:100%;box-sizing:border-box;padding:12px;font-size:1rem;border:0;border-radius:6px;margin-top:12px;cursor:pointer;text-align:center;text-decoration:none}.pay{background:#3395ff;color:#fff}.cancel{background:#eee;color:#333}</style></head>
<body><main><h1>Pay ${formatPaise(p.order.totalPaise)}</h1><p>UPI, cards, netbanking and wallets, through Razorpay.</p>
<p id="rzp-error" hidden role="alert">Razorpay Checkout could not be loaded. Check your connection and try again.</p>
<form id="rzp-result" method="post" action="/pay/razorpay/${id}/complete" data-key="${escapeHtml(p.keyId)}" data-order="${escapeHtml(p.orderId)}" data-amount="${p.order.totalPaise}" data-shop="Vastra" data-description="${escapeHtml(description)}">
<input type="hidden" name="razorpay_order_id"><input type="hidden" name="razorpay_payment_id"><input type="hidden" name="razorpay_signature"></form>
<button id="rzp-open" class="pay" type="button">Pay ${formatPaise(p.order.totalPaise)}</button>
<a class="b cancel" href="${escapeHtml(p.cancelUrl)}">Back to the cart</a>
<script src="https://checkout.razorpay.com/v1/checkout.js"></script><script src="/pay/razorpay.js"></script></main></body></html>`;
}
