import { expect } from 'chai';
import { classifyWithCues } from '../../../../src/analysis/offline/multilingual/multilingual-classifier.js';
import { foldText } from '../../../../src/analysis/offline/multilingual/cue-pattern.js';
import { PROBLEM_REPORT_LANGUAGES, readProblemReport } from '../../../../src/analysis/offline/problem-report/problem-report-cues.js';
import { detectHardCase } from '../../../../src/analysis/offline/rules/hard-cases.js';

describe('problem reports framed as questions, requests for help or failure news', () => {
  const classify = (text: string, language: string) => classifyWithCues(text, language)!;
  const cues = (text: string, language: string) => readProblemReport(foldText(text), language)!;

  it('has cue files for en, de, it, fr, es, pt and nl', () => {
    expect([...PROBLEM_REPORT_LANGUAGES].sort()).to.deep.equal(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
    expect(readProblemReport('whatever', 'ja')).to.equal(undefined);
  });

  describe('in English', () => {
    it('given a problem described and then a polite ask to look into it, then a negative bug, not a question or a request', () => {
      expect(detectHardCase('The calendar sync skips every event after midnight. Could you look into it?')).to.deep.equal({
        kind: 'problem-report',
        sentiment: 'negative',
        type: 'bug',
      });
      expect(detectHardCase('The receipts email arrives without the attachment, please check.')).to.include({ sentiment: 'negative' });
    });

    it('given a billing mistake with a request to correct it, then a negative complaint', () => {
      expect(detectHardCase('We were charged twice for the March renewal. Can you check and refund it?')).to.deep.equal({
        kind: 'problem-report',
        sentiment: 'negative',
        type: 'complaint',
      });
    });

    it('given a question to other users about a failure, or news of an outage, then a negative bug', () => {
      expect(detectHardCase('Is anyone else getting a blank screen on the reports page?')).to.include({ sentiment: 'negative', type: 'bug' });
      expect(detectHardCase('Is the website down? The login page times out for our whole office.')).to.include({ sentiment: 'negative', type: 'bug' });
      expect(detectHardCase('Third outage in ten days and still no status page update.')).to.include({ kind: 'problem-report', sentiment: 'negative' });
    });

    it('given an ask to look into a new feature, a how-to question, a hypothetical failure or a denied one, then no problem report', () => {
      expect(detectHardCase('Could you look into adding a Gantt view?')?.kind).to.not.equal('problem-report');
      expect(detectHardCase('Can you check whether the API supports webhooks')?.kind).to.not.equal('problem-report');
      expect(detectHardCase('Will my recordings still upload if the connection is down for a while?')).to.equal(undefined);
      expect(detectHardCase('Not one outage since we switched plans last year')?.kind).to.not.equal('problem-report');
      expect(detectHardCase('The outage is over and the dashboard works again, thank you!')?.sentiment).to.not.equal('negative');
    });

    it('given a chaser about a problem that goes on or goes unanswered, then a negative complaint, whatever its tone', () => {
      for (const text of [
        'Following up on my ticket from last week, still no reply.',
        "It's been ten days. I need a date for the fix.",
        'any news on this? the sync is still doing it',
        'Three weeks now without the monthly invoices, please escalate',
      ]) {
        expect(detectHardCase(text), text).to.deep.equal({ kind: 'problem-report', sentiment: 'negative', type: 'complaint' });
      }
    });

    it('given a chase of a wish, or time passing in praise, then no problem report', () => {
      expect(detectHardCase('Any update on the dark mode request?')?.kind).to.not.equal('problem-report');
      expect(detectHardCase('Been using it for three weeks now and love it')?.sentiment).to.not.equal('negative');
      expect(detectHardCase("It's been two weeks and the team loves it.")?.sentiment).to.not.equal('negative');
      expect(cues('Any update on the dark mode request?', 'en').followUp).to.equal(0);
    });

    it('given a failure with a negator shortly before it in its clause, then it is no failure cue', () => {
      expect(cues('No outage since March.', 'en').failure).to.have.length(0);
      expect(cues('Never had it, but the export failed.', 'en').failure).to.have.length(1);
      expect(cues('Another never-ending outage.', 'en').failure).to.have.length(1);
    });

    it('given an ask to check at the very start, then it refers to nothing said before and is no report by itself', () => {
      expect(cues('Could you check it?', 'en').askToCheck).to.equal(0);
      expect(cues('My backup stopped at 40 percent. Could you check it?', 'en').askToCheck).to.equal(1);
    });
  });

  describe('in other languages', () => {
    it('given a German outage or lost connection, then a negative bug', () => {
      expect(classify('Der Router verliert jede Nacht die Verbindung zum Netz.', 'de')).to.include({ sentiment: 'negative', type: 'bug' });
      expect(classify('Seit Montag ist das Portal ausgefallen.', 'de')).to.include({ sentiment: 'negative', type: 'bug' });
      expect(classify('Wieder eine Störung im ganzen Viertel.', 'de')).to.include({ sentiment: 'negative', type: 'bug' });
    });

    it('given an Italian dropped line or a missed appointment, then a negative report', () => {
      expect(classify('Il segnale cade ogni volta che piove.', 'it')).to.include({ sentiment: 'negative', type: 'bug' });
      expect(classify('Il corriere non si è mai presentato, ho aspettato tutto il giorno.', 'it')).to.include({ sentiment: 'negative', type: 'complaint' });
    });

    it('given a problem and then a request to check it, in fr, es, pt, de and it, then negative, not a question', () => {
      expect(classify("L'export PDF coupe la dernière page, vous pouvez regarder ?", 'fr')).to.include({ sentiment: 'negative' });
      expect(classify('La factura sale con el IVA duplicado, ¿pueden revisarlo?', 'es')).to.include({ sentiment: 'negative' });
      expect(classify('O boleto veio com o valor errado, podem verificar?', 'pt')).to.include({ sentiment: 'negative' });
      expect(classify('Die Gutschrift fehlt auf der Abrechnung, können Sie das bitte prüfen?', 'de')).to.include({ sentiment: 'negative' });
      expect(classify("L'app mostra ancora il vecchio saldo, potete controllare?", 'it')).to.include({ sentiment: 'negative' });
    });

    it('given an outage in fr, es and pt, then a negative bug', () => {
      expect(classify('Le service est en panne depuis ce matin.', 'fr')).to.include({ sentiment: 'negative', type: 'bug' });
      expect(classify('Seguimos sin conexión desde el sábado.', 'es')).to.include({ sentiment: 'negative', type: 'bug' });
      expect(classify('O site está fora do ar de novo.', 'pt')).to.include({ sentiment: 'negative', type: 'bug' });
    });

    it('given a question about a mode without a connection, a conditional failure or a denied one, then no bug', () => {
      expect(classify('Si può usare la mappa senza connessione?', 'it')).to.include({ type: 'question' });
      expect(classify('Was passiert mit meinen Daten, wenn der Server ausgefallen ist?', 'de')).to.include({ sentiment: 'neutral' });
      expect(classify('Hätte gern einen Modus, um Folgen offline zu speichern.', 'de')).to.include({ type: 'feature_request' });
      expect(classify('In drei Jahren nie ausgefallen, top!', 'de')).to.include({ sentiment: 'positive' });
    });

    it('given a chaser in es, fr, de, pt, it or nl, then a negative complaint', () => {
      const chasers: [string, string][] = [
        ['Llevamos dos semanas sin respuesta a la incidencia.', 'es'],
        ['Sigue pasando lo mismo con las reservas de hoy.', 'es'],
        ['Toujours pas de nouvelles de votre équipe depuis vendredi.', 'fr'],
        ['Ich hake noch einmal nach wegen der fehlenden Rechnungen.', 'de'],
        ['Mais uma semana e nada.', 'pt'],
        ['Ancora nessuna risposta al ticket della settimana scorsa.', 'it'],
        ['Nog steeds geen reactie op onze vraag van vorige week.', 'nl'],
      ];
      for (const [text, language] of chasers) expect(classify(text, language), text).to.include({ sentiment: 'negative', type: 'complaint' });
    });

    it('given a plain question or praise with time in it, in de and nl, then no chaser', () => {
      expect(cues('Seit drei Wochen nutzen wir das Tool und sind begeistert.', 'de').followUp).to.equal(0);
      expect(classify('We gebruiken het nu al drie weken en zijn erg tevreden.', 'nl')).to.include({ sentiment: 'positive' });
    });

    it('given a request to check a plain status, with a long tail after the ask, then not a problem report', () => {
      expect(cues('Buongiorno, ho ordinato ieri, potete controllare lo stato della spedizione verso Torino?', 'it').askToCheck).to.equal(0);
    });
  });
});
