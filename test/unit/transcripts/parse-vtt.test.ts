import { expect } from 'chai';
import { readWebVtt } from '../../../src/transcripts/parse-vtt.js';
import { MAX_SEGMENTS } from '../../../src/transcripts/segments.js';

const ok = (text: string) => {
  const read = readWebVtt(text);
  if (!read.ok) throw new Error(`unexpectedly unreadable at ${read.line}: ${read.message}`);
  return read.segments.map(({ label, text, startSec, endSec, line }) => ({ label, text, startSec, endSec, line }));
};

const cue = (start: string, end: string, body: string) => `${start} --> ${end}\n${body}\n`;

describe('reading format vtt (spec 4.13 rule 2, W3C webvtt-parser)', () => {
  it('voice tags name the speaker; consecutive cues of one speaker are one turn; entities are decoded', () => {
    const vtt = [
      'WEBVTT',
      '',
      cue('00:00:01.000', '00:00:04.000', '<v Sam Rivera>How is it going?</v>'),
      cue('00:00:05.000', '00:00:08.000', '<v.loud Dana>Search &amp; export are slow.'),
      'intro',
      cue('00:00:08.500', '00:00:09.000', '<v Dana>Since <i>March</i>.'),
      cue('00:00:10.000', '00:00:12.000', 'Sam Rivera: Got it.'),
    ].join('\n');
    expect(ok(vtt)).to.deep.equal([
      { label: 'Sam Rivera', text: 'How is it going?', startSec: 1, endSec: 4, line: 3 },
      { label: 'Dana', text: 'Search & export are slow.\nSince March.', startSec: 5, endSec: 9, line: 6 },
      { label: 'Sam Rivera', text: 'Got it.', startSec: 10, endSec: 12, line: 13 },
    ]);
  });

  it('cues without voice or label have no speaker', () => {
    expect(ok(`WEBVTT\n\n${cue('00:00:01.000', '00:00:02.000', 'just words')}`)[0].label).to.equal(null);
  });

  it('a text without the WEBVTT signature cannot be read (line 1)', () => {
    expect(readWebVtt('Them: hello')).to.deep.include({ ok: false, line: 1 });
  });

  it('a broken cue timing cannot be read: its line is named', () => {
    const read = readWebVtt(`WEBVTT\n\n${cue('00:00:01.000', '00:00:02.000', '<v A>hi')}\n00:00:03.000 --> 00:0x:04.000\n<v B>lost\n`);
    expect(read).to.deep.include({ ok: false, line: 6 });
  });

  it('tags nested more than 100 deep cannot be read (the parser recurses per level): the line is named', () => {
    expect(readWebVtt(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'<b>'.repeat(200_000)}x`)).to.deep.include({ ok: false, line: 4 });
    expect(ok(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v A><b><i>x</i></b> <00:00:01.500>y`)[0]).to.include({ label: 'A', text: 'x y' });
  });

  it('more than 5,000 turns cannot be read: the timing line of turn 5,001 is named', () => {
    const cues = Array.from({ length: MAX_SEGMENTS + 1 }, (_, i) => {
      const at = (s: number) =>
        `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
      return cue(at(i), at(i + 1), `<v ${i % 2 ? 'A' : 'B'}>w`);
    });
    const read = readWebVtt(`WEBVTT\n\n${cues.join('\n')}`);
    expect(read).to.deep.include({ ok: false, line: 3 + MAX_SEGMENTS * 3 });
  });
});
