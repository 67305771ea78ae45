import { expect } from 'chai';
import fc from 'fast-check';
import { readPlainText } from '../../../src/transcripts/parse-text.js';
import { readWebVtt } from '../../../src/transcripts/parse-vtt.js';
import { MAX_SEGMENTS, overTextLimit } from '../../../src/transcripts/segments.js';
import { countWords } from '../../../src/transcripts/words.js';

/** Hostile input for the readers (DESIGN: property-based as well as by hand): they answer, never throw. */
describe('transcript readers on arbitrary input (property-based)', () => {
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 400 }),
    fc
      .array(fc.constantFrom('Them: ', 'Me: ', '[00:00:01] ', 'Dana: ', 'WEBVTT\n', '00:00:01.000 --> 00:00:02.000\n', '<v A>', '&amp;', '\n', 'word ', ':'), {
        maxLength: 80,
      })
      .map((parts) => parts.join('')),
  );

  it('format text: a result or a line number, every turn within bounds and storable', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const read = readPlainText(text);
        if (!read.ok) {
          expect(read.line).to.be.at.least(1);
          return;
        }
        expect(read.segments.length).to.be.at.most(MAX_SEGMENTS);
        for (const segment of read.segments) expect(overTextLimit(segment.text)).to.equal(false);
      }),
    );
  });

  it('format vtt: a result or a line number; decoded text has no NUL nor unpaired surrogate', () => {
    fc.assert(
      fc.property(
        anyText.map((text) => `WEBVTT\n\n${text}`),
        (text) => {
          const read = readWebVtt(text);
          if (!read.ok) {
            expect(read.line).to.be.at.least(1);
            return;
          }
          for (const segment of read.segments) {
            expect(segment.text.includes('\u0000')).to.equal(false);
            expect(segment.text.isWellFormed()).to.equal(true);
          }
        },
      ),
    );
    expect(readWebVtt('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v A>&#0;x&#55357;').ok).to.equal(true);
  });

  it('word counts are never negative and never exceed the characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        expect(countWords(text)).to.be.within(0, text.length);
      }),
    );
  });
});
