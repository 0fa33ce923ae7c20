import type { LabelSize } from '@vastra/contracts';
import PDFDocument from 'pdfkit';
import { invoiceDay, PDF_FONTS } from '../invoices/index.ts';
import { code128Widths, QUIET_ZONE } from './code128.ts';
import type { ShippingDoc } from './shipping-docs.ts';

/**
 * Packing slips and shipping labels as PDF, one order per page, so a seller prints a day's orders
 * at once: slips on A4, labels on A4 or 4×6 inch label stock. Set in Noto Sans Devanagari like the
 * invoices (names and addresses may be Hindi); the order number is a Code 128 barcode drawn as
 * rectangles, and Cash On Delivery's amount to collect is the largest text on the label.
 */

type Pdf = PDFKit.PDFDocument;

const PAGE: Record<LabelSize, [number, number]> = { a4: [595.28, 841.89], '4x6': [288, 432] };
const MUTED = '#555555';

const rupeeDigits = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const rupeesOf = (paise: number) => `Rs. ${rupeeDigits.format(paise / 100)}`;

const variantOf = (i: ShippingDoc['items'][number]) => [i.size, i.color].filter(Boolean).join(' / ');

function newPdf(size: [number, number], margin: number, title: string) {
  const pdf = new PDFDocument({
    size,
    margin,
    font: PDF_FONTS.regular,
    autoFirstPage: false,
    info: { Title: title },
  });
  pdf.registerFont('regular', PDF_FONTS.regular).registerFont('bold', PDF_FONTS.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/** The order number as a Code 128 barcode `width` points wide at (x, y), its text below. */
function barcode(pdf: Pdf, text: string, x: number, y: number, width: number, height: number) {
  const widths = code128Widths(text);
  const modules = widths.reduce((s, w) => s + w, 0) + 2 * QUIET_ZONE;
  const unit = width / modules;
  let at = x + QUIET_ZONE * unit;
  widths.forEach((w, i) => {
    if (i % 2 === 0) pdf.rect(at, y, w * unit, height).fill('black');
    at += w * unit;
  });
  pdf
    .font('regular')
    .fontSize(9)
    .fillColor('black')
    .text(text, x, y + height + 2, { width, align: 'center' });
}

/** "COLLECT CASH Rs. 1,060.82" for COD, "PREPAID" otherwise: what the courier must not get wrong. */
function paymentBox(pdf: Pdf, doc: ShippingDoc, x: number, y: number, width: number, big: number) {
  const cod = doc.codToCollectPaise > 0;
  const height = cod ? big * 2.6 : big * 1.6;
  pdf.rect(x, y, width, height).lineWidth(2).stroke('black');
  if (cod) {
    pdf
      .font('bold')
      .fontSize(big * 0.45)
      .text('CASH ON DELIVERY – COLLECT', x, y + 4, { width, align: 'center' });
    pdf
      .font('bold')
      .fontSize(big)
      .text(rupeesOf(doc.codToCollectPaise), x, pdf.y, { width, align: 'center' });
  } else {
    pdf
      .font('bold')
      .fontSize(big * 0.6)
      .text('PREPAID – DO NOT COLLECT CASH', x, y + big * 0.35, { width, align: 'center' });
  }
  return y + height;
}

function addressBlock(
  pdf: Pdf,
  label: string,
  lines: string[],
  x: number,
  y: number,
  width: number,
  size: number,
) {
  pdf
    .font('regular')
    .fontSize(size * 0.7)
    .fillColor(MUTED)
    .text(label.toUpperCase(), x, y, { width });
  pdf
    .fillColor('black')
    .font('bold')
    .fontSize(size)
    .text(lines[0] ?? '', x, pdf.y, { width });
  pdf.font('regular').fontSize(size * 0.9);
  for (const line of lines.slice(1).filter(Boolean)) pdf.text(line, x, pdf.y, { width });
  return pdf.y;
}

const shipToLines = (d: ShippingDoc) => [
  d.shipTo.name || 'Customer',
  d.shipTo.address,
  `${d.shipTo.city}, ${d.shipTo.state} – ${d.shipTo.postalCode}`,
  d.shipTo.mobile ? `Phone: +91 ${d.shipTo.mobile}` : '',
];
const returnLines = (d: ShippingDoc) => [
  d.returnTo.name,
  d.returnTo.address,
  d.returnTo.mobile ? `Phone: +91 ${d.returnTo.mobile}` : '',
];

/** Shipping labels: ship-to in large type, the barcode, COD to collect, return address, contents. */
export function renderLabels(docs: readonly ShippingDoc[], size: LabelSize): Promise<Buffer> {
  const [w, h] = PAGE[size];
  const scale = size === 'a4' ? 1.6 : 1;
  const margin = 14 * scale;
  const { pdf, done } = newPdf([w, h], margin, `Shipping labels (${docs.length})`);
  const width = w - 2 * margin;
  for (const doc of docs) {
    pdf.addPage();
    pdf.page.margins.bottom = 0;
    let y = margin;
    pdf
      .font('bold')
      .fontSize(9 * scale)
      .fillColor('black');
    const carrier = doc.courier
      ? `${doc.courier}${doc.awb ? ` · AWB ${doc.awb}` : ''}`
      : 'Courier: ____________';
    pdf.text(carrier, margin, y, { width });
    y = pdf.y + 4 * scale;
    y = addressBlock(pdf, 'Ship to', shipToLines(doc), margin, y, width, 13 * scale) + 6 * scale;
    y = paymentBox(pdf, doc, margin, y, width, 20 * scale) + 6 * scale;
    barcode(pdf, doc.orderNumber, margin, y, width, 46 * scale);
    y = pdf.y + 6 * scale;
    pdf
      .font('regular')
      .fontSize(7.5 * scale)
      .fillColor('black')
      .text(`Ordered ${invoiceDay(doc.date.toISOString())} · ${doc.paymentMethod}`, margin, y, { width });
    const contents = doc.items.map(
      (i) => `${i.quantity} × ${i.name}${variantOf(i) ? ` (${variantOf(i)})` : ''}`,
    );
    pdf.text(`Contents: ${contents.join('; ')}`, margin, pdf.y + 2, {
      width,
      height: 40 * scale,
      ellipsis: true,
    });
    y = pdf.y + 6 * scale;
    addressBlock(pdf, 'If undelivered, return to', returnLines(doc), margin, y, width, 8 * scale);
  }
  pdf.end();
  return done;
}

/** Packing slips (A4): the order, ship-to and return addresses, contents by size and colour, money. */
export function renderPackingSlips(docs: readonly ShippingDoc[]): Promise<Buffer> {
  const [w] = PAGE.a4;
  const margin = 40;
  const width = w - 2 * margin;
  const { pdf, done } = newPdf(PAGE.a4, margin, `Packing slips (${docs.length})`);
  for (const doc of docs) {
    pdf.addPage();
    pdf.font('bold').fontSize(20).fillColor('black').text('Packing slip', margin, margin);
    pdf
      .font('regular')
      .fontSize(10)
      .text(`Order ${doc.orderNumber} · ${invoiceDay(doc.date.toISOString())}`);
    barcode(pdf, doc.orderNumber, w - margin - 200, margin, 200, 40);
    let y = margin + 70;
    const half = width / 2 - 10;
    const left = addressBlock(pdf, 'Ship to', shipToLines(doc), margin, y, half, 11);
    const right = addressBlock(pdf, 'Return address', returnLines(doc), margin + half + 20, y, half, 11);
    y = Math.max(left, right) + 16;
    // Contents table: item, size, colour, SKU, quantity.
    const cols: [string, number][] = [
      ['Item', width - 250],
      ['Size', 60],
      ['Colour', 70],
      ['SKU', 80],
      ['Qty', 40],
    ];
    const row = (cells: string[], font: 'regular' | 'bold') => {
      let x = margin;
      pdf.font(font).fontSize(9.5);
      const height = Math.max(...cells.map((c, i) => pdf.heightOfString(c, { width: cols[i]![1] - 6 })));
      cells.forEach((c, i) => {
        pdf.text(c, x + 3, y + 3, {
          width: cols[i]![1] - 6,
          align: i === cells.length - 1 ? 'right' : 'left',
        });
        x += cols[i]![1];
      });
      y += height + 6;
      pdf
        .moveTo(margin, y)
        .lineTo(margin + width, y)
        .lineWidth(0.5)
        .stroke('#bbbbbb');
    };
    row(
      cols.map(([c]) => c),
      'bold',
    );
    for (const i of doc.items)
      row([i.name, i.size, i.color || '–', i.sku || '–', String(i.quantity)], 'regular');
    y += 12;
    pdf
      .font('regular')
      .fontSize(10)
      .fillColor('black')
      .text(`Payment: ${doc.paymentMethod}`, margin, y, { width })
      .text(`Order value for these items (GST included): ${rupeesOf(doc.buyerPaysPaise)}`, { width });
    paymentBox(pdf, doc, margin, pdf.y + 10, width, 26);
  }
  pdf.end();
  return done;
}
