import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { encodeExport, neutraliseFormula } from '../../../queries/feedback-export/encode.js';

async function csvOf(items: Record<string, unknown>[], raw?: boolean): Promise<Record<string, string>[]> {
  let text = '';
  for await (const chunk of encodeExport(
    (async function* () {
      yield* items;
    })(),
    'csv',
    { raw },
  ))
    text += String(chunk);
  return parse(text, { columns: true }) as Record<string, string>[];
}

describe('CSV export cells a spreadsheet would run as formulas', () => {
  it('prefixes text starting with =, +, -, @, tab or CR with a quote, and nothing else', () => {
    for (const cell of ['=1+1', '+1', '-5', '@SUM(A1)', '\t=1+1', '\r=1+1']) expect(neutraliseFormula(cell)).to.equal(`'${cell}`);
    for (const cell of ['normal', ' =1+1', '1-2', "'=already", '', '\n=1']) expect(neutraliseFormula(cell)).to.equal(cell);
  });

  it('keeps numbers the service computed as numbers (a negative score), and metadata as JSON', async () => {
    const item = { id: 'fb_1', text: '-5', sentimentScore: -0.62, emotions: ['anger'], userId: '@me', metadata: { score: -5 } };
    const [row] = await csvOf([item]);
    expect(row).to.include({ text: "'-5", sentimentScore: '-0.62', emotions: 'anger', userId: "'@me", metadata: '{"score":-5}' });
    const [raw] = await csvOf([item], true);
    expect(raw).to.include({ text: '-5', userId: '@me', sentimentScore: '-0.62' });
  });
});
