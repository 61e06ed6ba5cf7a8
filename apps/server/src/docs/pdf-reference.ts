import { flattenFields, listOperations, requirement, type SwaggerDocument } from './swagger-document.ts';

/** The standard PDF fonts cover Latin-1 only: spell the rupee sign out and drop what they lack. */
export function pdfText(text: string): string {
  return text
    .replace(/₹\s?/g, 'Rs. ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff\n]/g, '?');
}

/**
 * The PDF field reference guide: every endpoint with its parameters and response fields,
 * generated from the Swagger document.
 */
export async function buildPdfReference(doc: SwaggerDocument, publicUrl: string): Promise<Buffer> {
  // Loaded on first use: most processes never write the PDF, and pdfkit takes long to load.
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${doc.info.title ?? 'API'} field reference`, Subject: 'API field reference guide' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const width = pdf.page.width - 100;
  const text = (s: string, size: number, font = 'Helvetica', color = '#111111') =>
    pdf.font(font).fontSize(size).fillColor(color).text(pdfText(s), { width });

  text(`${doc.info.title ?? 'API'} - field reference`, 20, 'Helvetica-Bold');
  text(
    `Version ${doc.info.version ?? '1.0'}  |  Base URL ${publicUrl}${doc.basePath ?? ''}`,
    10,
    'Helvetica',
    '#555555',
  );
  pdf.moveDown();
  text(
    'Every request is a GET over HTTPS with your API key, either in the token query parameter or in an Authorization: Bearer header (one of the two is required). Errors are answered as application/problem+json with type, title, status, detail, code and request_id.',
    10,
  );

  for (const { method, path, operation } of listOperations(doc)) {
    if (pdf.y > pdf.page.height - 200) pdf.addPage();
    pdf.moveDown(1.2);
    text(`${method} ${path}`, 13, 'Helvetica-Bold');
    text(
      `${operation.tags?.[0] ?? ''}${operation.summary ? `  -  ${operation.summary}` : ''}`,
      10,
      'Helvetica',
      '#555555',
    );
    if (operation.description) text(operation.description, 10);
    const params = operation.parameters ?? [];
    pdf.moveDown(0.4);
    text('Parameters', 11, 'Helvetica-Bold');
    if (params.length === 0) text('None', 9);
    for (const p of params) {
      const type = p.type ?? (typeof p.schema?.type === 'string' ? p.schema.type : 'object');
      text(
        `${p.name}  (${p.in}, ${type}, ${capitalized(requirement(p))})${p.description ? ` - ${p.description}` : ''}`,
        9,
      );
    }
    const [status, response] =
      Object.entries(operation.responses ?? {}).find(([code]) => /^2\d\d$/.test(code)) ?? [];
    pdf.moveDown(0.4);
    text(`Response fields${status ? ` (${status})` : ''}`, 11, 'Helvetica-Bold');
    const fields = flattenFields(response?.schema, doc.definitions);
    if (fields.length === 0) text('Not described in the document.', 9);
    for (const f of fields) text(`${f.name}  (${f.type})${f.description ? ` - ${f.description}` : ''}`, 9);
  }
  pdf.end();
  return done;
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
