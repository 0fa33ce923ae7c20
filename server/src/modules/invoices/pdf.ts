import { createRequire } from 'node:module';
import type { TaxDocument, TaxDocumentLine } from '@vastra/contracts';
import PDFDocument from 'pdfkit';

/**
 * The printable tax invoice or credit note (DESIGN §11): what the shopper downloads and the seller
 * files. It is drawn from the stored document alone, so a reprint always matches the original.
 *
 * Product and buyer names may be Hindi. PDF's built-in fonts cover Latin only, so every word is set
 * in Noto Sans Devanagari, which also has Latin glyphs: one font, no switching mid-line. The font
 * files come from an npm package and are found with `require.resolve`, which works from the sources
 * (tsx, vitest) and from the esbuild bundle alike, because npm packages stay outside the bundle.
 */

type Pdf = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-devanagari';
const REGULAR = require.resolve(`${FONT_PACKAGE}/400Regular/NotoSansDevanagari_400Regular.ttf`);
const BOLD = require.resolve(`${FONT_PACKAGE}/700Bold/NotoSansDevanagari_700Bold.ttf`);
/** The font files every PDF of the shop is set in (packing slips and labels too). */
export const PDF_FONTS = { regular: REGULAR, bold: BOLD } as const;

const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4 in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const MUTED = '#555555';
const RULE = '#bbbbbb';

const rupeeDigits = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Indian digit grouping: 102345.5 → "1,02,345.50". */
const amount = (n: number) => rupeeDigits.format(n);
const rupees = (n: number) => `Rs. ${amount(n)}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = 330 * 60_000;

/**
 * "25 Nov 2026": the day in India, whichever zone the server runs in. Written by hand because
 * ICU's en-IN spells September "Sept", and an invoice date should read the same on every machine.
 */
export function invoiceDay(iso: string): string {
  const d = new Date(Date.parse(iso) + IST_OFFSET_MS);
  return `${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "INV/2627/000001" → "INV-2627-000001.pdf": the slashes of a document number cannot be in a file name. */
export const pdfFileName = (doc: Pick<TaxDocument, 'number'>): string =>
  `${doc.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/** Renders the document as an A4 PDF; more pages when its lines do not fit on one. */
export function renderTaxDocumentPdf(doc: TaxDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: REGULAR,
    bufferPages: true,
    info: { Title: `${documentTitle(doc)} ${doc.number}`, Author: doc.seller.tradeName },
  });
  pdf.registerFont('regular', REGULAR).registerFont('bold', BOLD);
  const done = collect(pdf);
  drawHeading(pdf, doc);
  drawParties(pdf, doc);
  drawLines(pdf, doc);
  drawTotals(pdf, doc);
  drawNotes(pdf, doc);
  drawPageFooters(pdf, doc);
  pdf.end();
  return done;
}

function collect(pdf: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

const documentTitle = (doc: TaxDocument) => (doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note');
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The title on the left; on the right what identifies the document, as label–value rows. */
function drawHeading(pdf: Pdf, doc: TaxDocument) {
  const top = pdf.y;
  pdf.font('bold').fontSize(20).text(documentTitle(doc), MARGIN, top);
  const noun = doc.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const rows: [string, string][] = [
    [`${noun} No.`, doc.number],
    [`${noun} date`, invoiceDay(doc.date)],
    ['Order No.', doc.orderNumber],
    ['Place of supply', `${doc.placeOfSupply.state} (${doc.placeOfSupply.stateCode})`],
  ];
  if (doc.reference) {
    rows.push(['Against invoice', `${doc.reference.number} of ${invoiceDay(doc.reference.date)}`]);
  }
  if (doc.reason) rows.push(['Reason', capitalised(doc.reason)]);
  let y = top + 2;
  for (const [label, value] of rows) {
    pdf.font('regular').fontSize(8.5).fillColor(MUTED).text(label, 320, y, { width: 85 });
    pdf
      .font('bold')
      .fillColor('black')
      .text(value, 405, y, { width: PAGE_WIDTH - MARGIN - 405 });
    y = Math.max(y + 13, pdf.y);
  }
  pdf.y = Math.max(y, top + 30) + 10;
  rule(pdf);
}

/** Seller on the left, buyer on the right, each as a short block of lines. */
function drawParties(pdf: Pdf, doc: TaxDocument) {
  const { seller, buyer } = doc;
  const top = pdf.y + 8;
  const sellerLines = [
    seller.tradeName === seller.name ? '' : `Legal name: ${seller.name}`,
    seller.address,
    `State: ${seller.state} (${seller.stateCode})`,
    seller.gstin ? `GSTIN: ${seller.gstin}` : 'GSTIN: not registered (see the note below)',
  ];
  const buyerLines = [
    buyer.address,
    `${buyer.city} – ${buyer.postalCode}`,
    `State: ${buyer.state} (${buyer.stateCode})`,
  ];
  const half = CONTENT_WIDTH / 2 - 10;
  const leftEnd = drawParty(
    pdf,
    { label: 'Sold by', name: seller.tradeName, lines: sellerLines, x: MARGIN },
    top,
    half,
  );
  const rightEnd = drawParty(
    pdf,
    { label: 'Bill to / Ship to', name: buyer.name, lines: buyerLines, x: MARGIN + half + 20 },
    top,
    half,
  );
  pdf.y = Math.max(leftEnd, rightEnd) + 8;
  rule(pdf);
}

interface PartyBlock {
  label: string;
  name: string;
  lines: string[];
  x: number;
}

/** A caption, the party's name in bold and its address lines; returns the y below the block. */
function drawParty(pdf: Pdf, { label, name, lines, x }: PartyBlock, y: number, width: number) {
  pdf.font('regular').fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, y, { width });
  pdf
    .font('bold')
    .fontSize(10.5)
    .fillColor('black')
    .text(name, x, pdf.y + 1, { width });
  pdf.font('regular').fontSize(9);
  for (const line of lines.filter(Boolean)) pdf.text(line, x, pdf.y, { width });
  return pdf.y;
}

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right' | 'center';
  value: (line: TaxDocumentLine, index: number) => string;
}

/** A coupon's discount on any line: the table and the totals then show gross amounts and discounts. */
const hasDiscount = (doc: TaxDocument) => doc.lines.some((l) => l.discount > 0);

/**
 * The line table's columns: CGST and SGST for a sale within the seller's state, IGST for one outside.
 * With a coupon's discount, the gross amount (unit price × quantity) and the discount come before the
 * taxable value, in narrower columns; a document without one looks as it always has.
 */
function columns(doc: TaxDocument): Column[] {
  // Amount columns say their unit once, in the header, so the cells fit the page.
  const money = (label: string, width: number, pick: (l: TaxDocumentLine) => number): Column => ({
    label: `${label} (Rs.)`,
    width,
    align: 'right',
    value: (l) => amount(pick(l)),
  });
  const discounted = hasDiscount(doc);
  const w = discounted
    ? { hsn: 32, qty: 22, unit: 50, taxable: 52, rate: 26, split: 46, igst: 56, total: 56 }
    : { hsn: 38, qty: 24, unit: 54, taxable: 58, rate: 30, split: 50, igst: 60, total: 60 };
  const tax =
    doc.supply === 'intra'
      ? [money('CGST', w.split, (l) => l.cgst), money('SGST', w.split, (l) => l.sgst)]
      : [money('IGST', w.igst, (l) => l.igst)];
  const gross = discounted
    ? [money('Amount', 52, (l) => l.amount), money('Discount', 48, (l) => l.discount)]
    : [];
  const fixed: Column[] = [
    // A fee's line carries a services code (SAC 996812): the column says so when there is one.
    {
      label: doc.lines.some((l) => l.charge) ? 'HSN/SAC' : 'HSN',
      width: w.hsn,
      align: 'left',
      value: (l) => l.hsn,
    },
    { label: 'Qty', width: w.qty, align: 'right', value: (l) => String(l.quantity) },
    money('Unit price', w.unit, (l) => l.unitPrice),
    ...gross,
    money('Taxable value', w.taxable, (l) => l.taxableValue),
    { label: 'Rate', width: w.rate, align: 'right', value: (l) => `${l.rate}%` },
    ...tax,
    money('Total', w.total, (l) => l.total),
  ];
  const number: Column = {
    label: '#',
    width: discounted ? 14 : 16,
    align: 'left',
    value: (_, i) => String(i + 1),
  };
  const taken = [number, ...fixed].reduce((sum, c) => sum + c.width, 0);
  const description: Column = {
    label: 'Description',
    width: CONTENT_WIDTH - taken,
    align: 'left',
    value: (l) => l.description,
  };
  return [number, description, ...fixed];
}

const CELL_PAD = 3;
const TABLE_FONT_SIZE = 8;

function rowHeight(pdf: Pdf, cells: string[], cols: Column[], font: 'regular' | 'bold'): number {
  pdf.font(font).fontSize(TABLE_FONT_SIZE);
  const heights = cols.map((c, i) => pdf.heightOfString(cells[i]!, { width: c.width - 2 * CELL_PAD }));
  return Math.max(...heights) + 2 * CELL_PAD;
}

/** One table row at `y`, on a grey band when `shade` is set; returns the y below it. */
function drawRow(
  pdf: Pdf,
  cells: string[],
  cols: Column[],
  y: number,
  font: 'regular' | 'bold',
  shade = false,
) {
  const height = rowHeight(pdf, cells, cols, font);
  if (shade) pdf.rect(MARGIN, y, CONTENT_WIDTH, height).fill('#eeeeee');
  pdf.font(font).fontSize(TABLE_FONT_SIZE).fillColor('black');
  let x = MARGIN;
  cols.forEach((c, i) => {
    pdf.text(cells[i]!, x + CELL_PAD, y + CELL_PAD, { width: c.width - 2 * CELL_PAD, align: c.align });
    x += c.width;
  });
  return y + height;
}

/** The lines, with the header row repeated on every page the table runs onto. */
function drawLines(pdf: Pdf, doc: TaxDocument) {
  const cols = columns(doc);
  const header = (top: number) =>
    drawRow(
      pdf,
      cols.map((c) => c.label),
      cols,
      top,
      'bold',
      true,
    );
  let y = header(pdf.y + 10);
  doc.lines.forEach((line, i) => {
    const cells = cols.map((c) => c.value(line, i));
    if (y + rowHeight(pdf, cells, cols, 'regular') > pdf.page.height - MARGIN) {
      pdf.addPage();
      y = header(MARGIN);
    }
    y = drawRow(pdf, cells, cols, y, 'regular');
    rule(pdf, y);
  });
  pdf.y = y;
}

/** Taxable value, the taxes and the total on the right, then the total in words across the page. */
function drawTotals(pdf: Pdf, doc: TaxDocument) {
  const { totals } = doc;
  const taxes: [string, number][] =
    doc.supply === 'intra'
      ? [
          ['CGST', totals.cgst],
          ['SGST', totals.sgst],
        ]
      : [['IGST', totals.igst]];
  // With a coupon: the gross amount and the discount taken off it come first.
  const gross: [string, string][] = hasDiscount(doc)
    ? [
        ['Amount', rupees(totals.amount)],
        [doc.couponCode ? `Discount (${doc.couponCode})` : 'Discount', `- ${rupees(totals.discount)}`],
      ]
    : [];
  const rows: [string, string][] = [
    ...gross,
    ['Taxable value', rupees(totals.taxableValue)],
    ...taxes.map(([label, value]): [string, string] => [label, rupees(value)]),
    ['Total', rupees(totals.total)],
  ];
  ensureSpace(pdf, 110 + gross.length * 16);
  let y = pdf.y + 10;
  const labelX = PAGE_WIDTH - MARGIN - 230;
  rows.forEach(([label, value], i) => {
    const isTotal = i === rows.length - 1;
    pdf.font(isTotal ? 'bold' : 'regular').fontSize(isTotal ? 11 : 9);
    pdf.text(label, labelX, y, { width: 110 });
    pdf.text(value, labelX + 110, y, { width: 120, align: 'right' });
    y = pdf.y + 3;
  });
  pdf.y = y + 6;
  pdf.font('regular').fontSize(8).fillColor(MUTED).text('Amount in words', MARGIN, pdf.y);
  pdf
    .font('bold')
    .fontSize(9.5)
    .fillColor('black')
    .text(totals.inWords, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  pdf.moveDown(0.8);
  rule(pdf);
}

/** The statements the GST rules ask for, and who the e-commerce operator is. */
function drawNotes(pdf: Pdf, doc: TaxDocument) {
  const notes = [
    doc.taxIncluded
      ? hasDiscount(doc)
        ? 'Prices include GST: the taxable value is the price less the discount, less the GST in it.'
        : 'Prices include GST: the taxable value is the price less the GST in it.'
      : '',
    hasDiscount(doc)
      ? 'The discount was given at the time of supply and is not part of the taxable value (section 15(3) of the CGST Act).'
      : '',
    doc.reverseCharge,
    doc.unregisteredNote ?? '',
    `E-commerce operator: ${doc.operator.name}, GSTIN ${doc.operator.gstin}`,
    'This is a computer-generated document and needs no signature.',
  ].filter(Boolean);
  ensureSpace(pdf, notes.length * 14 + 10);
  pdf.font('regular').fontSize(8.5).fillColor(MUTED);
  pdf.y += 6;
  for (const note of notes) pdf.text(note, MARGIN, pdf.y, { width: CONTENT_WIDTH, paragraphGap: 3 });
  pdf.fillColor('black');
}

/** "INV/2627/000001 – page 1 of 2" at the foot of each page, so a loose page can be put back. */
function drawPageFooters(pdf: Pdf, doc: TaxDocument) {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    pdf.switchToPage(start + i);
    // Text below the bottom margin would otherwise start a new page.
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${doc.number} – page ${i + 1} of ${count}`, MARGIN, pdf.page.height - 28, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    pdf.page.margins.bottom = bottom;
  }
}

function ensureSpace(pdf: Pdf, height: number) {
  if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
}

/** A thin line across the page at `y`. */
function rule(pdf: Pdf, y = pdf.y) {
  pdf
    .moveTo(MARGIN, y)
    .lineTo(PAGE_WIDTH - MARGIN, y)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
}
