import { expect } from 'chai';
import { changeProjectSettings } from '../../commands/change-project-settings/handler.js';
import { expectInvalidField, expectProblem, readJson, type TestProject } from '../support/http.js';
import { testContext } from '../support/test-context.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { callBody, conversation, getTranscript, OWNER_EMAIL, postTranscript } from '../support/transcripts.js';

/** Spec 3.2, 4.13 and 4.14 over real HTTP: one test (at least) per rule of 4.13 this part covers and per intake skip reason. */
describe('POST /api/v1/transcripts and GET /api/v1/transcripts/{id} (spec 4.13, 4.14, 3.2)', () => {
  let server: TestServer;
  let project: TestProject;
  let other: TestProject;
  let sequence = 0;
  const nextId = () => `call-${++sequence}`;

  before(async () => {
    server = await startTestServer({ workers: false });
    project = await server.createProject({ name: 'Calls' });
    other = await server.createProject({ name: 'Other calls' });
    await changeProjectSettings(
      server.runtime,
      project.projectId,
      { excludedTranscriptTitles: ['1:1'], excludedTranscriptFolders: ['Internal'] },
      testContext(),
    );
  });
  after(() => server.close());

  const post = (body: unknown, key = project.secretKey) => postTranscript(server, key, body);
  const storedEvents = async () => Number((await server.runtime.db.query<{ n: string }>(`SELECT count(*) AS n FROM events`)).rows[0].n);

  async function expectSkipped(response: Response, reason: string) {
    expect(response.status).to.equal(202);
    const body = await readJson(response);
    expect(body).to.include({ status: 'skipped', skip_reason: reason, metered_items: 0 });
    const detail = await readJson(await getTranscript(server, project.secretKey, body.id));
    expect(detail).to.include({ status: 'skipped', skip_reason: reason, metered_items: 0 });
    return body;
  }

  describe('4.13 access and limits', () => {
    it('a widget key gets 401 on POST and on GET; no key gets 401', async () => {
      await expectProblem(await post(callBody(nextId()), project.widgetKey), 401, 'unauthorized');
      await expectProblem(await getTranscript(server, project.widgetKey, 'tr_x'), 401, 'unauthorized');
      await expectProblem(await server.request('/api/v1/transcripts', { method: 'POST', body: '{}' }), 401, 'unauthorized');
    });

    it('a body of almost 2 MB is accepted; one over 2 MB is 413 payload-too-large', async () => {
      const filler = 'x'.repeat(1_900_000);
      const segments = Array.from({ length: 100 }, () => ({ speaker: 'Them', text: filler.slice(0, 19_000) }));
      expect(Buffer.byteLength(JSON.stringify(callBody(nextId(), { text: undefined, segments })))).to.be.within(1_800_000, 2 * 1024 * 1024);
      expect((await post(callBody(nextId(), { text: undefined, segments }))).status).to.equal(202);
      await expectProblem(await post(callBody(nextId(), { text: filler + filler })), 413, 'payload-too-large');
    });

    it('spec 8: 60 per minute per key, with the rate-limit headers', async () => {
      const limited = await server.createProject({ name: 'Rate' });
      let last: Response | undefined;
      for (let i = 0; i < 61; i++) {
        last = await post({}, limited.secretKey);
        if (i === 0) expect(last.headers.get('X-RateLimit-Limit')).to.equal('60');
        if (i < 60) expect(last.status).to.equal(400);
      }
      await expectProblem(last!, 429, 'rate-limited');
      expect(Number(last!.headers.get('Retry-After'))).to.be.greaterThan(0);
    });
  });

  describe('4.13 rule 1: exactly one of segments or text', () => {
    it('neither is 400 naming segments and text; both is 400; format without text is 400 naming format', async () => {
      const before = await storedEvents();
      await expectInvalidField(await post(callBody(nextId(), { text: undefined })), 'text');
      await expectInvalidField(await post(callBody(nextId(), { segments: [{ speaker: 'Them', text: 'hi' }] })), 'segments');
      await expectInvalidField(await post(callBody(nextId(), { text: undefined, segments: [{ speaker: 'Them', text: 'hi' }], format: 'text' })), 'format');
      expect(await storedEvents()).to.equal(before);
    });
  });

  describe('4.13 rule 2: text, vtt and segments are read; word_count counts spoken words only', () => {
    it('format text: labels and [HH:MM:SS] timestamps are not words; unlabelled lines continue a turn', async () => {
      const text = `[00:00:01] Me: one two three\n[00:00:05] Them: four five\nsix seven\nDana Okafor: eight\n${conversation(800)}`;
      const body = await readJson(await post(callBody(nextId(), { text })));
      expect(body).to.include({ status: 'queued', word_count: 808, metered_items: 2 });
    });

    it('format vtt: voice tags name speakers; cue timings and tags are not words', async () => {
      const cues = Array.from({ length: 90 }, (_, i) => {
        const at = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
        return `${at(i)} --> ${at(i + 1)}\n<v ${i % 2 ? 'Dana Okafor' : 'Sam Rivera'}>${'word '.repeat(10).trim()}</v>\n`;
      });
      const body = await readJson(await post(callBody(nextId(), { format: 'vtt', text: `WEBVTT\n\n${cues.join('\n')}` })));
      expect(body).to.include({ status: 'queued', word_count: 900, metered_items: 2 });
    });

    it('segments as given', async () => {
      const segments = Array.from({ length: 120 }, (_, i) => ({
        speaker: i % 2 ? 'them' : 'me',
        text: 'alpha beta gamma delta epsilon zeta eta theta iota kappa',
        start_sec: i * 5,
      }));
      expect(await readJson(await post(callBody(nextId(), { text: undefined, segments })))).to.include({
        status: 'queued',
        word_count: 1200,
        metered_items: 3,
      });
    });

    it('a text that cannot be read is 400 naming text and the line; nothing is stored', async () => {
      const before = await storedEvents();
      const vtt = await expectInvalidField(await post(callBody(nextId(), { format: 'vtt', text: 'Them: not webvtt' })), 'text');
      expect(vtt.detail).to.include('line 1');
      const stamp = await expectInvalidField(await post(callBody(nextId(), { text: 'Me: hi\n\n[00:61:00] Them: hello' })), 'text');
      expect(stamp.detail).to.include('line 3');
      expect(await storedEvents()).to.equal(before);
    });

    it('a text of more than 5,000 segments is 400 naming text and the line of segment 5,001', async () => {
      const text = Array.from({ length: 5001 }, (_, i) => (i % 2 ? 'Me: ok' : 'Them: yes')).join('\n');
      const problem = await expectInvalidField(await post(callBody(nextId(), { text })), 'text');
      expect(problem.detail).to.include('line 5001').and.include('5,000');
    });
  });

  describe('4.13 rule 3: speaker mapping', () => {
    it("labels equal to owner_name, its first name or owner_email's local part are me; other labels are them", async () => {
      const local = OWNER_EMAIL.split('@')[0];
      const mine = await post(callBody(nextId(), { text: conversation(1000, ['SAM', local.toUpperCase()]) }));
      await expectSkipped(mine, 'no_quotable_speech');
      const theirs = await post(callBody(nextId(), { text: conversation(1000, ['Sam Rivera', 'Priya']) }));
      expect(await readJson(theirs)).to.include({ status: 'queued' });
    });
  });

  describe('4.13 rule 4: no speaker labels at all', () => {
    it('every segment is unknown: skipped with no_quotable_speech, nothing counted', async () => {
      const text = Array.from({ length: 100 }, () => 'the export keeps failing and search is slow for our whole team').join('\n');
      const body = await expectSkipped(await post(callBody(nextId(), { text })), 'no_quotable_speech');
      expect(body.word_count).to.equal(1200);
    });
  });

  describe('4.13 rules 5 and 6: started_at', () => {
    const startedOf = async (id: string) =>
      (await server.runtime.db.query<{ started_at: Date; backfill: boolean }>(`SELECT started_at, backfill FROM transcripts WHERE transcript_id = $1`, [id]))
        .rows[0];

    it('rule 5: more than 48 hours before receipt is a backfill; 47 hours is not; missing counts as now (live)', async () => {
      const hours = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
      const old = await readJson(await post(callBody(nextId(), { started_at: hours(49) })));
      expect((await startedOf(old.id)).backfill).to.equal(true);
      const recent = await readJson(await post(callBody(nextId(), { started_at: hours(47) })));
      expect((await startedOf(recent.id)).backfill).to.equal(false);
      const live = await readJson(await post(callBody(nextId())));
      const row = await startedOf(live.id);
      expect(row.backfill).to.equal(false);
      expect(Math.abs(row.started_at.getTime() - Date.now())).to.be.lessThan(60_000);
    });

    it('rule 6: more than 24 hours in the future is refused with 400 naming started_at; 23 hours is accepted', async () => {
      const ahead = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
      const before = await storedEvents();
      await expectInvalidField(await post(callBody(nextId(), { started_at: ahead(25) })), 'started_at');
      expect(await storedEvents()).to.equal(before);
      expect((await post(callBody(nextId(), { started_at: ahead(23) }))).status).to.equal(202);
    });
  });

  describe('4.13 rule 7: at least one external attendee', () => {
    it('attendees only of the owner_email domain: skipped no_external_attendee', async () => {
      await expectSkipped(await post(callBody(nextId(), { attendees: [{ email: 'lee@OurCompany.example', name: 'Lee' }] })), 'no_external_attendee');
    });

    it('an empty attendee list: skipped no_external_attendee; no attendee list at all: nothing to judge, queued', async () => {
      await expectSkipped(await post(callBody(nextId(), { attendees: [] })), 'no_external_attendee');
      expect(await readJson(await post(callBody(nextId(), { attendees: undefined, owner_email: undefined })))).to.include({ status: 'queued' });
    });

    it('external: true counts whatever the domain; external: false does not', async () => {
      expect(await readJson(await post(callBody(nextId(), { attendees: [{ name: 'Dana', external: true }] })))).to.include({ status: 'queued' });
      await expectSkipped(await post(callBody(nextId(), { attendees: [{ email: 'x@customer.example', external: false }] })), 'no_external_attendee');
    });
  });

  describe('4.13 rule 8: skip reasons decided at intake, not counted', () => {
    it('too_short: under 800 words', async () => {
      expect((await expectSkipped(await post(callBody(nextId(), { text: conversation(799) })), 'too_short')).word_count).to.equal(799);
      expect(await readJson(await post(callBody(nextId(), { text: conversation(800) })))).to.include({ status: 'queued', word_count: 800 });
    });

    it('too_long: over three hours by duration_sec, by the last timestamp, or by words at 150 a minute', async () => {
      await expectSkipped(await post(callBody(nextId(), { duration_sec: 3 * 3600 + 1 })), 'too_long');
      await expectSkipped(await post(callBody(nextId(), { text: `${conversation(1000)}\n[03:00:01] Them: bye now` })), 'too_long');
      await expectSkipped(await post(callBody(nextId(), { text: conversation(27_001) })), 'too_long');
      expect(await readJson(await post(callBody(nextId(), { duration_sec: 3 * 3600 })))).to.include({ status: 'queued' });
    });

    it('title_excluded: the title contains an excluded title of the project, in any case', async () => {
      await expectSkipped(await post(callBody(nextId(), { title: 'Weekly 1:1 with Sam' })), 'title_excluded');
    });

    it('folder_excluded: the folder equals an excluded folder, in any case', async () => {
      await expectSkipped(await post(callBody(nextId(), { folder: 'internal' })), 'folder_excluded');
      expect(await readJson(await post(callBody(nextId(), { folder: 'Internal demos' })))).to.include({ status: 'queued' });
    });
  });

  describe('4.13 rule 9: metering', () => {
    it('one item per 500 words or part of 500, at least 2', async () => {
      for (const [words, items] of [
        [1000, 2],
        [1001, 3],
        [2500, 5],
      ]) {
        expect(await readJson(await post(callBody(nextId(), { text: conversation(words) }))), `${words} words`).to.include({
          word_count: words,
          metered_items: items,
        });
      }
    });
  });

  describe('3.2 plan_blocked: the monthly allowance of metered items', () => {
    it('a call that would pass the allowance is plan_blocked, counts 0 and adds nothing to the month; unlimited again after the setting is cleared', async () => {
      const planned = await server.createProject({ name: 'Planned' });
      await changeProjectSettings(server.runtime, planned.projectId, { monthlyCallAllowance: 5 }, testContext());
      const postPlanned = (body: unknown) => postTranscript(server, planned.secretKey, body);
      const first = await readJson(await postPlanned(callBody(nextId(), { text: conversation(1000) })));
      expect(first).to.include({ status: 'queued', metered_items: 2 });
      const second = await readJson(await postPlanned(callBody(nextId(), { text: conversation(1400) })));
      expect(second).to.include({ status: 'queued', metered_items: 3 });
      const blocked = await postPlanned(callBody(nextId(), { text: conversation(1000) }));
      expect(blocked.status).to.equal(202);
      const blockedBody = await readJson(blocked);
      expect(blockedBody).to.include({ status: 'plan_blocked', metered_items: 0, word_count: 1000 });
      expect(blockedBody).not.to.have.property('skip_reason');
      expect(await readJson(await getTranscript(server, planned.secretKey, blockedBody.id))).to.include({ status: 'plan_blocked', metered_items: 0 });
      // A skipped call costs nothing, so it is skipped, not blocked.
      expect(await readJson(await postPlanned(callBody(nextId(), { text: conversation(100) })))).to.include({ status: 'skipped', skip_reason: 'too_short' });
      await changeProjectSettings(server.runtime, planned.projectId, { monthlyCallAllowance: null }, testContext());
      expect(await readJson(await postPlanned(callBody(nextId(), { text: conversation(1000) })))).to.include({ status: 'queued', metered_items: 2 });
    });

    it("the allowance counts the calendar month (UTC): last month's calls do not count", async () => {
      const planned = await server.createProject({ name: 'Planned monthly' });
      await changeProjectSettings(server.runtime, planned.projectId, { monthlyCallAllowance: 2 }, testContext());
      const first = await readJson(await postTranscript(server, planned.secretKey, callBody(nextId())));
      expect(first.status).to.equal('queued');
      await server.runtime.db.query(`UPDATE transcripts SET created_at = created_at - interval '32 days' WHERE transcript_id = $1`, [first.id]);
      expect(await readJson(await postTranscript(server, planned.secretKey, callBody(nextId())))).to.include({ status: 'queued' });
      expect(await readJson(await postTranscript(server, planned.secretKey, callBody(nextId())))).to.include({ status: 'plan_blocked' });
    });
  });

  describe('4.13 rule 10: a repeated external_id', () => {
    it('returns 200 with the existing record and records nothing again, whatever the new body says', async () => {
      const externalId = nextId();
      const first = await post(callBody(externalId, { text: conversation(1600) }));
      expect(first.status).to.equal(202);
      const created = await readJson(first);
      const before = await storedEvents();
      const again = await post(callBody(externalId, { text: conversation(900), title: 'changed' }));
      expect(again.status).to.equal(200);
      expect(await readJson(again)).to.deep.equal({ id: created.id, status: 'queued', metered_items: 4, word_count: 1600 });
      expect(await storedEvents()).to.equal(before);
    });

    it('concurrent repeats make one record; the same external_id in another project is another call', async () => {
      const externalId = nextId();
      const responses = await Promise.all(Array.from({ length: 4 }, () => post(callBody(externalId))));
      expect(responses.map((r) => r.status).sort()).to.deep.equal([200, 200, 200, 202]);
      const ids = new Set(await Promise.all(responses.map(async (r) => (await readJson(r)).id)));
      expect(ids.size).to.equal(1);
      const elsewhere = await post(callBody(externalId), other.secretKey);
      expect(elsewhere.status).to.equal(202);
      expect((await readJson(elsewhere)).id).to.not.equal([...ids][0]);
    });
  });

  describe('4.13 responses, spec 7: a 500 recorded nothing', () => {
    it('an append that fails is 500 internal; the retry with the same external_id is recorded once, as new', async () => {
      const externalId = nextId();
      const store = server.runtime.store;
      const append = store.append;
      store.append = () => Promise.reject(new Error('injected fault: the event store is down'));
      const before = await storedEvents();
      try {
        await expectProblem(await post(callBody(externalId)), 500, 'internal');
      } finally {
        store.append = append;
      }
      expect(await storedEvents()).to.equal(before);
      const retried = await post(callBody(externalId));
      expect(retried.status).to.equal(202);
      expect(await storedEvents()).to.equal(before + 1);
      expect((await post(callBody(externalId))).status).to.equal(200);
    });
  });

  describe('4.14 GET /api/v1/transcripts/{id}', () => {
    it('returns the fields of 2.5 and never text or segments', async () => {
      const created = await readJson(await post(callBody('call-detail', { title: 'Sync with Dana Okafor', url: 'https://calls.example.com/c/1' })));
      const response = await getTranscript(server, project.secretKey, created.id);
      expect(response.status).to.equal(200);
      const body = await readJson(response);
      expect(Object.keys(body).sort()).to.deep.equal(['created_at', 'external_id', 'id', 'metered_items', 'provider', 'signal_count', 'status', 'word_count']);
      expect(body).to.include({
        id: created.id,
        external_id: 'call-detail',
        provider: 'api',
        status: 'queued',
        metered_items: 2,
        word_count: 1000,
        signal_count: 0,
      });
      expect(new Date(body.created_at).toISOString()).to.equal(body.created_at);
    });

    it('is 404 not-found in another project and for an unknown id', async () => {
      const created = await readJson(await post(callBody(nextId())));
      await expectProblem(await getTranscript(server, other.secretKey, created.id), 404, 'not-found');
      await expectProblem(await getTranscript(server, project.secretKey, 'tr_unknown'), 404, 'not-found');
    });
  });
});
