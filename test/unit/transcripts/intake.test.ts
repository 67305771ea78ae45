import { expect } from 'chai';
import { decideIntake, isExternal, isTooLong, meteredItemsFor, type IntakeExclusions, type IntakeFacts } from '../../../src/domain/transcript/intake.js';
import { TranscriptAlreadyReceived } from '../../../src/domain/transcript/decide.js';
import { transcriptDecider } from '../../../src/domain/transcript/decider.js';
import type { TranscriptReceived } from '../../../src/domain/transcript/events.js';
import { transcriptIdForExternalId } from '../../../src/domain/transcript/identity.js';
import { ownerLabels, speakerOf } from '../../../src/transcripts/speakers.js';
import { countWords } from '../../../src/transcripts/words.js';
import { NotFound } from '../../../src/domain/errors.js';
import { DeciderSpecification } from '../../support/decider-spec.js';

const facts = (overrides: Partial<IntakeFacts> = {}): IntakeFacts => ({
  wordCount: 1200,
  durationSec: null,
  lastTimeSec: null,
  speakerTurns: { me: 3, them: 3, unknown: 0 },
  externalAttendees: 1,
  title: 'Weekly sync',
  folder: 'Customers',
  ...overrides,
});
const NOW = '2026-01-15T10:00:00.000Z';
const none: IntakeExclusions = { excludedTranscriptTitles: [], excludedTranscriptFolders: [] };

describe('transcript intake decisions (spec 3.2, 4.13 rules 3, 4, 7, 8, 9)', () => {
  it('rule 9: one metered item per 500 words or part of 500, at least 2', () => {
    expect([0, 800, 1000, 1001, 1500, 1501, 10_000].map(meteredItemsFor)).to.deep.equal([2, 2, 2, 3, 3, 4, 20]);
  });

  it('a call that passes every check is queued and counted', () => {
    expect(decideIntake(facts(), none)).to.deep.equal({ status: 'queued', skipReason: null, meteredItems: 3 });
  });

  it('rule 8: each intake skip reason, counted as 0', () => {
    const cases: [Partial<IntakeFacts>, IntakeExclusions, string][] = [
      [{ wordCount: 799 }, none, 'too_short'],
      [{ durationSec: 3 * 3600 + 1 }, none, 'too_long'],
      [{ lastTimeSec: 3 * 3600 + 1 }, none, 'too_long'],
      [{ wordCount: 27_001 }, none, 'too_long'],
      [{ speakerTurns: { me: 2, them: 0, unknown: 4 } }, none, 'no_quotable_speech'],
      [{ externalAttendees: 0 }, none, 'no_external_attendee'],
      [{ externalAttendees: null, wordCount: 799 }, none, 'too_short'],
      [{ title: 'INTERNAL: weekly sync' }, { ...none, excludedTranscriptTitles: ['internal'] }, 'title_excluded'],
      [{ folder: ' customers ' }, { ...none, excludedTranscriptFolders: ['Customers'] }, 'folder_excluded'],
    ];
    for (const [given, exclusions, reason] of cases) {
      expect(decideIntake(facts(given), exclusions), reason).to.deep.equal({ status: 'skipped', skipReason: reason, meteredItems: 0 });
    }
  });

  it('plan_blocked: a call that would take the month past the allowance counts nothing; reaching it exactly is allowed', () => {
    const plan = (meteredThisMonth: number) => ({ monthlyAllowance: 10, meteredThisMonth });
    expect(decideIntake(facts(), none, plan(7))).to.deep.equal({ status: 'queued', skipReason: null, meteredItems: 3 });
    expect(decideIntake(facts(), none, plan(8))).to.deep.equal({ status: 'plan_blocked', skipReason: null, meteredItems: 0 });
    expect(decideIntake(facts(), none, { monthlyAllowance: null, meteredThisMonth: 1e9 }).status).to.equal('queued');
    expect(decideIntake(facts({ wordCount: 10 }), none, { monthlyAllowance: 0, meteredThisMonth: 0 })).to.include({
      status: 'skipped',
      skipReason: 'too_short',
    });
  });

  it('folders match whole names only; titles match substrings', () => {
    expect(decideIntake(facts({ folder: 'Customers 2025' }), { ...none, excludedTranscriptFolders: ['customers'] }).status).to.equal('queued');
    expect(decideIntake(facts({ title: 'Sync' }), { ...none, excludedTranscriptTitles: ['weekly sync'] }).status).to.equal('queued');
  });

  it('too_long goes by duration_sec before the last time in the call, and by words only without either', () => {
    expect(isTooLong({ durationSec: 3600, lastTimeSec: 20_000, wordCount: 40_000 })).to.equal(false);
    expect(isTooLong({ durationSec: null, lastTimeSec: 3600, wordCount: 40_000 })).to.equal(false);
    expect(isTooLong({ durationSec: null, lastTimeSec: null, wordCount: 27_000 })).to.equal(false);
  });

  it('rule 7: external defaults to true when the email domain differs from the owner_email domain', () => {
    expect(isExternal({ email: 'buyer@acme.com' }, 'rep@us.com')).to.equal(true);
    expect(isExternal({ email: 'colleague@US.com' }, 'rep@us.com')).to.equal(false);
    expect(isExternal({ email: 'colleague@us.com', external: true }, 'rep@us.com')).to.equal(true);
    expect(isExternal({ email: 'buyer@acme.com', external: false }, 'rep@us.com')).to.equal(false);
    expect(isExternal({ email: 'buyer@acme.com' }, undefined)).to.equal(false);
    expect(isExternal({}, 'rep@us.com')).to.equal(false);
  });

  it("rule 3: me and them literal; the owner's name, first name or email local part is me; other labels them; none unknown", () => {
    const owner = ownerLabels({ name: 'Sam Rivera', email: 'srivera@us.com' });
    expect(['ME', 'them', 'sam', 'SAM RIVERA', 'srivera', 'Dana', 'Rivera', 'unknown'].map((label) => speakerOf(label, owner))).to.deep.equal([
      'me',
      'them',
      'me',
      'me',
      'me',
      'them',
      'them',
      'unknown',
    ]);
    expect(speakerOf(null, owner)).to.equal('unknown');
  });

  it('word_count counts spoken words, not punctuation; one per CJK character', () => {
    expect(countWords("We don't use the follow-up view — ever. 42 times!")).to.equal(9);
    expect(countWords('导出很慢')).to.equal(4);
    expect(countWords('  ... ')).to.equal(0);
  });

  it('the transcript id is decided by project and external_id', () => {
    expect(transcriptIdForExternalId('p1', 'call-1'))
      .to.equal(transcriptIdForExternalId('p1', 'call-1'))
      .and.match(/^tr_[0-9a-z]{20}$/);
    expect(transcriptIdForExternalId('p1', 'call-1')).to.not.equal(transcriptIdForExternalId('p2', 'call-1'));
  });

  describe('the transcript decider', () => {
    const spec = DeciderSpecification.for(transcriptDecider);
    const record = { transcriptId: 'tr_1', projectId: 'p1', externalId: 'call-1' } as TranscriptReceived['data'];

    it('records a new call once', () => {
      spec
        .given([])
        .when({ type: 'ReceiveTranscript', record })
        .then([{ type: 'TranscriptReceived', data: record }]);
    });

    it('a repeated external_id is refused as already received (the caller answers with the first record)', () => {
      spec
        .given([{ type: 'TranscriptReceived', data: record }])
        .when({ type: 'ReceiveTranscript', record })
        .thenThrows(TranscriptAlreadyReceived, (error) => error.transcriptId === 'tr_1');
    });

    const queued = { type: 'TranscriptReceived' as const, data: { ...record, status: 'queued' as const } };
    const started = { type: 'TranscriptExtractionStarted' as const, data: { transcriptId: 'tr_1', projectId: 'p1', startedAt: NOW } };
    const extracted = (feedbackIds: string[]) => ({
      type: 'FinishExtraction' as const,
      outcome: { kind: 'extracted' as const, feedbackIds, extractor: 'offline' },
      now: NOW,
    });

    it('extraction of a queued call starts: extracting', () => {
      spec.given([queued]).when({ type: 'StartExtraction', now: NOW }).then([started]);
    });

    it('starting again while extracting (a resumed crash) adds nothing', () => {
      spec.given([queued, started]).when({ type: 'StartExtraction', now: NOW }).thenNothing();
    });

    it('the quotes made into items end it done, with signal_count their number', () => {
      spec
        .given([queued, started])
        .when(extracted(['fb_1', 'fb_2']))
        .then([
          {
            type: 'TranscriptExtracted',
            data: { transcriptId: 'tr_1', projectId: 'p1', feedbackIds: ['fb_1', 'fb_2'], signalCount: 2, extractor: 'offline', extractedAt: NOW },
          },
        ]);
    });

    it('a call judged internal ends skipped internal_call; a failure ends failed with its code', () => {
      spec
        .given([queued, started])
        .when({ type: 'FinishExtraction', outcome: { kind: 'internal', extractor: 'offline' }, now: NOW })
        .then([{ type: 'TranscriptJudgedInternal', data: { transcriptId: 'tr_1', projectId: 'p1', extractor: 'offline', judgedAt: NOW } }]);
      spec
        .given([queued, started])
        .when({ type: 'FinishExtraction', outcome: { kind: 'failed', failureReason: 'provider_5xx' }, now: NOW })
        .then([{ type: 'TranscriptExtractionFailed', data: { transcriptId: 'tr_1', projectId: 'p1', failureReason: 'provider_5xx', failedAt: NOW } }]);
    });

    it('an outcome for a call that has one already, or was never queued, adds nothing', () => {
      const done = {
        type: 'TranscriptExtracted' as const,
        data: { transcriptId: 'tr_1', projectId: 'p1', feedbackIds: [], signalCount: 0, extractor: 'offline', extractedAt: NOW },
      };
      spec
        .given([queued, started, done])
        .when(extracted(['fb_3']))
        .thenNothing();
      spec
        .given([{ type: 'TranscriptReceived', data: { ...record, status: 'skipped' } }])
        .when({ type: 'StartExtraction', now: NOW })
        .thenNothing();
      spec
        .given([{ type: 'TranscriptReceived', data: { ...record, status: 'plan_blocked' } }])
        .when(extracted([]))
        .thenNothing();
    });

    it('extraction of an unknown call is refused', () => {
      spec.given([]).when({ type: 'StartExtraction', now: NOW }).thenThrows(NotFound);
    });
  });
});
