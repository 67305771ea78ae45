import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withChurnRisk } from '../../../../src/analysis/churn-consistency.js';
import { CHURN_CUE_LANGUAGES, type ChurnCueFile } from '../../../../src/analysis/offline/churn/churn-cues.js';
import { detectChurnRisk } from '../../../../src/analysis/offline/churn/detect-churn.js';
import { CUE_LANGUAGES } from '../../../../src/analysis/offline/multilingual/cue-matcher.js';
import type { TextAnalysis } from '../../../../src/analysis/analyzer.js';

const CUES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'src', 'analysis', 'offline', 'churn', 'cues');

describe('churn risk detector (offline cue files)', () => {
  describe('given the cue files', () => {
    it('then there is one per language the offline analyzer reads (English and every cue-lexicon language), each with its five lists', () => {
      expect([...CHURN_CUE_LANGUAGES].sort()).to.deep.equal(['en', ...CUE_LANGUAGES].sort());
      const files = readdirSync(CUES).filter((file) => file.endsWith('.json'));
      expect(files.map((file) => file.replace('.json', '')).sort()).to.deep.equal([...CHURN_CUE_LANGUAGES].sort());
      for (const file of files) {
        const cues = JSON.parse(readFileSync(path.join(CUES, file), 'utf8')) as ChurnCueFile;
        expect(Object.keys(cues).sort(), file).to.deep.equal(['boundaries', 'negators', 'notThreat', 'staying', 'threat']);
        expect(cues.threat.length, file).to.be.greaterThan(5);
        for (const list of Object.values(cues)) for (const entry of list) expect(entry, file).to.be.a('string').and.not.equal('');
      }
    });

    it('then no entry uses an upper-case escape, which folding to lower case would silently change (\\S would become \\s)', () => {
      for (const file of readdirSync(CUES)) expect(readFileSync(path.join(CUES, file), 'utf8'), file).to.not.match(/\\\\[A-Z]/);
    });
  });

  describe('when a customer threatens to leave', () => {
    const threats: [string, string][] = [
      ['en', 'The price went up again. Seriously considering switching to a competitor.'],
      ['en', 'If the calendar sync is still broken on Monday, we will cancel our subscription.'],
      ['en', "We won't be renewing when the contract ends."],
      ['en', 'That was the last straw.'],
      ['en', 'I demand a refund, and close my account please.'],
      ['en', 'Uninstalling it for good.'],
      ['en', 'We have started looking at alternatives.'],
      ['es', 'Voy a cancelar mi suscripción si no lo arreglan.'],
      ['fr', 'Je vais résilier mon abonnement.'],
      ['de', 'Wir kündigen zum Monatsende.'],
      ['it', 'Disdico subito, è inaccettabile.'],
      ['pt', 'Vou cancelar minha assinatura.'],
      ['nl', 'Ik zeg mijn abonnement op.'],
      ['ja', '来月で解約します。'],
      ['zh', '我要取消订阅。'],
      ['ru', 'Отменяю подписку, надоело.'],
      ['tr', 'Aboneliğimi iptal ediyorum.'],
      ['en', 'We are getting quotes from other vendors before the renewal.'],
      ['en', 'Cancelling tonight.'],
      ['es', 'Estamos pidiendo presupuestos a otros proveedores.'],
      ['fr', 'Je la désinstalle, dommage.'],
      ['de', 'Wenn das bis Freitag nicht behoben ist, wechseln wir den Anbieter.'],
      ['it', 'Ho disinstallato l’app, basta.'],
      ['pt', 'Desinstalei, não dá mais.'],
    ];
    for (const [language, text] of threats) {
      it(`then churnRisk is true (${language}): ${text}`, () => expect(detectChurnRisk(text, language)).to.equal(true));
    }
  });

  describe('when the words of leaving are used for something else', () => {
    const lookAlikes: [string, string][] = [
      ['en', 'I switched from a competitor and love it.'],
      ['en', 'I cancelled my order, can I get a confirmation?'],
      ['en', 'How do I cancel a booking?'],
      ['en', 'Uninstalled and reinstalled, works now.'],
      ['en', 'How do I switch to dark mode?'],
      ['en', 'Just renewed for another year.'],
      ['en', 'Almost left last month but support fixed it.'],
      ['en', 'I was about to cancel my subscription, but the update fixed everything.'],
      ['en', 'I would never switch to another tool.'],
      ['en', 'How can I unsubscribe from the newsletter?'],
      ['es', 'Cancelé mi pedido por error.'],
      ['fr', 'Comment annuler une réservation ?'],
      ['de', 'Wie storniere ich eine Buchung?'],
      ['ja', '他社から乗り換えました。快適です。'],
      ['zh', '我不小心取消了订单。'],
      ['ru', 'Перешёл с другого сервиса, всё отлично.'],
      ['tr', 'Siparişimi iptal ettim.'],
      ['en', 'How do I cancel a scheduled post?'],
      ['pt', 'Desinstalei e instalei de novo, agora funciona.'],
    ];
    for (const [language, text] of lookAlikes) {
      it(`then churnRisk is false (${language}): ${text}`, () => expect(detectChurnRisk(text, language)).to.equal(false));
    }
  });

  describe('when a negator precedes the threat', () => {
    it('then in the same clause it takes the threat back', () => {
      expect(detectChurnRisk("Don't worry, I'm not cancelling my subscription.", 'en')).to.equal(false);
      expect(detectChurnRisk('Ich werde nie kündigen.', 'de')).to.equal(false);
    });

    it('then across a clause boundary ("if it isn\'t fixed, we cancel") it does not', () => {
      expect(detectChurnRisk("If it isn't fixed we cancel our subscription.", 'en')).to.equal(true);
      expect(detectChurnRisk('Si no lo arreglan, cancelo mi cuenta.', 'es')).to.equal(true);
    });

    it('then a threat that carries its own negation ("not renewing") stays a threat', () => {
      expect(detectChurnRisk('Not renewing.', 'en')).to.equal(true);
      expect(detectChurnRisk('Non rinnoverò.', 'it')).to.equal(true);
    });
  });

  describe('when the customer says they stay', () => {
    it('then no threat counts, whatever the text says of cancelling or refunds', () => {
      expect(detectChurnRisk('Please refund the double charge, we want a refund. Staying, thanks!', 'en')).to.equal(false);
      expect(detectChurnRisk('How do I cancel the storage add-on? I want to keep my plan.', 'en')).to.equal(false);
      expect(detectChurnRisk('Ich wollte fast kündigen, aber der Support hat alles gelöst. Ich bleibe.', 'de')).to.equal(false);
      expect(detectChurnRisk("J'ai failli résilier, mais c'est réglé. Je reste.", 'fr')).to.equal(false);
    });

    it('then an earlier threat withdrawn ("the cancellation is off the table") is no threat, in every main language', () => {
      const withdrawn: [string, string][] = [
        ['Works again, so the cancellation is off the table.', 'en'],
        ['We withdraw our cancellation notice.', 'en'],
        ['Es läuft wieder, die Kündigung ist damit vom Tisch.', 'de'],
        ['Ça remarche, la résiliation est annulée.', 'fr'],
        ['Ya funciona, la baja queda descartada.', 'es'],
        ['Voltou a funcionar, o cancelamento está descartado.', 'pt'],
        ['Funziona di nuovo, ritiriamo la disdetta.', 'it'],
        ['Het werkt weer, de opzegging is van tafel.', 'nl'],
      ];
      for (const [text, language] of withdrawn) expect(detectChurnRisk(text, language), text).to.equal(false);
      expect(detectChurnRisk('If this is not fixed by Friday we will cancel.', 'en')).to.equal(true);
    });

    it('then "not staying" is no promise to stay', () => {
      expect(detectChurnRisk("I want a refund. I'm not staying.", 'en')).to.equal(true);
    });
  });

  describe('when a threat names no leave-verb of its own (not extending, trialling rivals, signing elsewhere)', () => {
    const threats: [string, string][] = [
      ['en', 'The licence runs out in April and we have decided not to extend it.'],
      ['en', 'We are piloting three other ticketing tools this quarter.'],
      ['en', 'Finance wants offers from a few other suppliers before we sign again.'],
      ['en', 'We signed with another carrier yesterday.'],
      ['de', 'Dann suchen wir uns eben eine andere Bank.'],
      ['fr', 'Nous testons en ce moment d’autres logiciels de paie.'],
      ['es', 'Gestionad la baja cuanto antes, por favor.'],
      ['es', 'Hemos contratado con otro operador.'],
    ];
    for (const [language, text] of threats) {
      it(`then churnRisk is true (${language}): ${text}`, () => expect(detectChurnRisk(text, language)).to.equal(true));
    }
  });

  describe('when the words of leaving come with a guard (a comparison, a plan kept, a cancel button, "without closing")', () => {
    const lookAlikes: [string, string][] = [
      ['en', 'Compared with other apps, this one is the fastest.'],
      ['en', 'We evaluated other vendors before choosing you, no regrets.'],
      ['fr', 'Par rapport à d’autres outils, le vôtre est plus simple.'],
      ['de', 'Ich wollte schon kündigen, aber seit dem Update läuft alles.'],
      ['de', 'Die Kündigungsseite lädt nicht, nur als Hinweis.'],
      ['de', 'Kann ich nur das Zusatzpaket kündigen und den Basistarif behalten?'],
      ['pt', 'O botão de cancelar plano some no Android. Não quero cancelar.'],
      ['it', 'Posso togliere lo spazio extra senza disdire l’abbonamento?'],
      ['es', '¿Puedo quitar el módulo de nóminas sin cancelar mi cuenta?'],
    ];
    for (const [language, text] of lookAlikes) {
      it(`then churnRisk is false (${language}): ${text}`, () => expect(detectChurnRisk(text, language)).to.equal(false));
    }
  });

  describe('when the language is misidentified or mixed', () => {
    it('then the close relative and English cues are read too', () => {
      expect(detectChurnRisk('Vou cancelar minha assinatura', 'es')).to.equal(true);
      expect(detectChurnRisk('Je veux un refund, I am cancelling my subscription', 'fr')).to.equal(true);
      expect(detectChurnRisk('cancel my subscription', 'und')).to.equal(true);
    });

    it('then a language without cues of its own and no English threat is no churn risk', () => {
      expect(detectChurnRisk('Η εφαρμογή είναι υπέροχη', 'el')).to.equal(false);
    });
  });
});

describe('withChurnRisk (a threat is never positive)', () => {
  const praise: TextAnalysis = {
    sentiment: 'positive',
    sentimentScore: 0.05,
    type: 'praise',
    emotions: ['satisfaction'],
    language: 'en',
    confidence: 0.8,
    churnRisk: false,
  };

  it('given a churn risk read as praise, then negative, a complaint, at least the churn magnitude, disappointment, rule confidence', () => {
    expect(withChurnRisk(praise, true)).to.deep.equal({
      ...praise,
      churnRisk: true,
      sentiment: 'negative',
      sentimentScore: -0.5,
      type: 'complaint',
      emotions: ['disappointment'],
      confidence: 0.6,
    });
    expect(withChurnRisk({ ...praise, sentimentScore: 0.8 }, true).sentimentScore).to.equal(-0.8);
  });

  it('given a churn risk read as neutral or negative, then the reading is kept and only the flag is set', () => {
    const question = { ...praise, sentiment: 'neutral' as const, sentimentScore: 0, type: 'question' as const, emotions: [] };
    expect(withChurnRisk(question, true)).to.deep.equal({ ...question, churnRisk: true });
    const complaint = { ...praise, sentiment: 'negative' as const, sentimentScore: -0.7, type: 'complaint' as const, emotions: ['anger' as const] };
    expect(withChurnRisk(complaint, true)).to.deep.equal({ ...complaint, churnRisk: true });
  });

  it('given no churn risk, then praise stays praise', () => {
    expect(withChurnRisk(praise, false)).to.deep.equal(praise);
  });
});
