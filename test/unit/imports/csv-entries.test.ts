import { expect } from 'chai';
import { Readable } from 'node:stream';
import { csvEntries, type CsvEntry } from '../../../src/imports/csv-entries.js';
import { importDate } from '../../../src/imports/import-date.js';

async function entries(text: string | Buffer, chunkSize = 7): Promise<CsvEntry[]> {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const out: CsvEntry[] = [];
  for await (const entry of csvEntries(Readable.from(chunks))) out.push(entry);
  return out;
}

const lines = (list: CsvEntry[]) => list.map((entry) => (entry.kind === 'row' ? entry.line : `bad ${entry.line}`));

describe('csvEntries: CSV rows with the physical line each starts on', () => {
  it('counts the lines of quoted fields spanning lines, blank lines and a row with too many fields (LF)', async () => {
    const text = 'id,text\n1,one\n2,"two\nlines"\n\n3,"x",extra\n4,"a ""quoted"" word"\n5,last';
    const list = await entries(text);
    expect(lines(list)).to.deep.equal([2, 3, 'bad 6', 7, 8]);
    expect(list[1]).to.deep.include({ values: { id: '2', text: 'two\nlines' } });
    expect(list[3]).to.deep.include({ values: { id: '4', text: 'a "quoted" word' } });
  });

  it('counts CRLF line breaks once, inside quoted fields too', async () => {
    const list = await entries('id,text\r\n1,"a\r\nb\r\nc"\r\n2,two\r\n\r\n3,three\r\n');
    expect(lines(list)).to.deep.equal([2, 5, 7]);
    expect(list[0]).to.deep.include({ values: { id: '1', text: 'a\r\nb\r\nc' } });
  });

  it('reports a quote never closed at its line, after the rows before it', async () => {
    const list = await entries('id,text\n1,fine\n2,"never closed\n3,eaten');
    expect(lines(list)).to.deep.equal([2, 'bad 3']);
    expect((list[1] as { problem: string }).problem).to.match(/^a quoted field is never closed \(the file ends inside it\)/);
  });

  it('reports a quote left open that a later quote closes once, at its line, naming the lines it swallowed; the rows after are read', async () => {
    for (const chunkSize of [3, 7, 64 * 1024]) {
      const list = await entries('id,text\n1,fine\n2,"left open\n3,swallowed\n4,"quoted",x\n5,after\n', chunkSize);
      expect(lines(list), `chunks of ${chunkSize}`).to.deep.equal([2, 'bad 3', 6]);
      const { problem } = list[1] as { problem: string };
      expect(problem).to.include('line 5').and.include('lines 3 to 5').and.include('""');
      expect(problem, 'no cell content').to.not.match(/left open|swallowed/);
    }
  });

  it('a quote opened after the start of a record is reported at its own line', async () => {
    const list = await entries('id,text,note\n1,"two\nlines","open\n2,x,y\n3,"q"z,w\n4,after,ok\n');
    expect(lines(list)).to.deep.equal(['bad 3', 6]);
  });

  it('keeps quoted fields spanning lines, escaped quotes, and quotes inside unquoted fields as rows', async () => {
    const list = await entries('id,text\n1,"He said ""hi""\nthen left"\n2,a "quoted" word\n3,"x"\n');
    expect(lines(list)).to.deep.equal([2, 4, 5]);
    expect(list[0]).to.deep.include({ values: { id: '1', text: 'He said "hi"\nthen left' } });
    expect(list[1]).to.deep.include({ values: { id: '2', text: 'a "quoted" word' } });
  });

  it('reports a row over 1,000,000 characters once, reads the rows after it, and keeps line numbers', async () => {
    const long = 'x '.repeat(2_500_000);
    const list = await entries(`id,text\n1,fine\n2,${long}\n3,after\n4,"${'y\n'.repeat(600_000)}"\n5,last\n`, 64 * 1024);
    expect(lines(list)).to.deep.equal([2, 'bad 3', 4, 'bad 5', 600_006]);
    expect(list[1]).to.deep.include({ problem: 'the row is longer than 1000000 characters' });
    expect(list[3]).to.deep.include({ problem: 'the row (lines 5 to 600005) is longer than 1000000 characters' });
    expect(list[4]).to.deep.include({ values: { id: '5', text: 'last' } });
  });

  it('reports a quote left open over more than 1,000,000 characters once, at its line', async () => {
    const list = await entries(`id,text\n1,fine\n2,"open\n${'3,row\n'.repeat(300_000)}`, 64 * 1024);
    expect(lines(list)).to.deep.equal([2, 'bad 3']);
    expect((list[1] as { problem: string }).problem).to.match(/never closed/);
  });

  it('decodes UTF-16LE with its byte order mark (Google Play) and drops a UTF-8 byte order mark', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Star Rating,Review Text\n5,Très bien 👍\n', 'utf16le')]);
    expect(await entries(utf16, 5)).to.deep.equal([{ kind: 'row', line: 2, values: { 'Star Rating': '5', 'Review Text': 'Très bien 👍' } }]);
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('text\nhallo\n')]);
    expect(await entries(utf8, 2)).to.deep.equal([{ kind: 'row', line: 2, values: { text: 'hallo' } }]);
  });

  it('a row with fewer fields than the header leaves the rest empty', async () => {
    expect(await entries('a,b,c\n1\n')).to.deep.equal([{ kind: 'row', line: 2, values: { a: '1', b: '', c: '' } }]);
  });
});

describe('importDate: the date-times exports write', () => {
  const cases: [string, string | undefined][] = [
    ['2025-02-11T08:22:41-08:00', '2025-02-11T08:22:41-08:00'],
    ['2025-01-20 14:03:11', '2025-01-20T14:03:11Z'],
    ['2025-02-03 09:12:44 +0100', '2025-02-03T09:12:44+01:00'],
    ['2025-03-05 22:40', '2025-03-05T22:40:00Z'],
    ['2025-03-03', '2025-03-03T00:00:00Z'],
    ['1739172669000', '2025-02-10T07:31:09.000Z'],
    ['1739172669', '2025-02-10T07:31:09.000Z'],
    ['yesterday', undefined],
    ['2025-02-30 10:00:00', undefined],
    ['03/02/2025', undefined],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected ?? 'refused'}`, () => expect(importDate(input)).to.equal(expected));
  }
});
