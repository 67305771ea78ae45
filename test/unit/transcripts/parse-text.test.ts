import { expect } from 'chai';
import { readPlainText } from '../../../src/transcripts/parse-text.js';
import { MAX_SEGMENTS } from '../../../src/transcripts/segments.js';

const ok = (text: string) => {
  const read = readPlainText(text);
  if (!read.ok) throw new Error(`unexpectedly unreadable: ${read.message}`);
  return read.segments.map(({ label, text, startSec }) => ({ label, text, startSec }));
};

describe('reading format text (spec 4.13 rule 2)', () => {
  it('reads Them:, Me:, [HH:MM:SS] Them: and <Name>: lines as turns', () => {
    expect(ok('Me: Hi there.\nThem: Hello.\n[00:01:05] Them: The export fails.\nDana Scully: Same here.')).to.deep.equal([
      { label: 'Me', text: 'Hi there.', startSec: null },
      { label: 'Them', text: 'Hello.', startSec: null },
      { label: 'Them', text: 'The export fails.', startSec: 65 },
      { label: 'Dana Scully', text: 'Same here.', startSec: null },
    ]);
  });

  it('a line without a label continues the turn before; blank lines and CRLF are fine', () => {
    expect(ok('Them: The export\r\n\r\nfails every Monday.\r\nMe: Noted.')).to.deep.equal([
      { label: 'Them', text: 'The export\nfails every Monday.', startSec: null },
      { label: 'Me', text: 'Noted.', startSec: null },
    ]);
  });

  it('text without any label is one unlabelled turn (rule 4: nothing is guessed)', () => {
    expect(ok('the export fails\nand search is slow')).to.deep.equal([{ label: null, text: 'the export fails\nand search is slow', startSec: null }]);
  });

  it('prose with a colon is not a label: a URL, a long phrase', () => {
    expect(ok('Them: see https://example.com/x\nwhat we said in the meeting last week: slow')).to.have.length(1);
  });

  it('a timestamp with minutes over 59 cannot be read: the line is named', () => {
    const read = readPlainText('Me: hi\nThem: ok\n[00:75:00] Them: late');
    expect(read).to.deep.include({ ok: false, line: 3 });
  });

  it('more than 5,000 turns cannot be read: the line of turn 5,001 is named', () => {
    const lines = Array.from({ length: MAX_SEGMENTS + 1 }, (_, i) => (i % 2 ? 'Me: ok' : 'Them: hello'));
    const read = readPlainText(['', ...lines].join('\n'));
    expect(read.ok).to.equal(false);
    if (!read.ok) {
      expect(read.line).to.equal(MAX_SEGMENTS + 2);
      expect(read.message)
        .to.include('5,000')
        .and.include(`line ${MAX_SEGMENTS + 2}`);
    }
    expect(readPlainText(lines.slice(1).join('\n')).ok).to.equal(true);
  });

  it('a turn over 20,000 characters cannot be read: the line where it starts is named', () => {
    const read = readPlainText(`Me: hi\nThem: ${'word '.repeat(2500)}\n${'more '.repeat(2000)}`);
    expect(read).to.deep.include({ ok: false, line: 2 });
  });
});
