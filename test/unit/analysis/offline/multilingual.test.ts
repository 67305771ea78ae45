import { expect } from 'chai';
import { classifyWithCues, hasCueLexicon } from '../../../../src/analysis/offline/multilingual/multilingual-classifier.js';
import { foldText } from '../../../../src/analysis/offline/multilingual/cue-pattern.js';

describe('multilingual cue classifier', () => {
  const classify = (text: string, language: string) => {
    const result = classifyWithCues(text, language);
    if (!result) throw new Error(`no lexicon for ${language}`);
    return result;
  };

  it('has a lexicon for es, fr, de, pt, it, nl, ja, zh, ru, tr and none for English or unknown languages', () => {
    for (const language of ['es', 'fr', 'de', 'pt', 'it', 'nl', 'ja', 'zh', 'ru', 'tr']) expect(hasCueLexicon(language), language).to.equal(true);
    expect(hasCueLexicon('en')).to.equal(false);
    expect(classifyWithCues('whatever', 'und')).to.equal(undefined);
  });

  it('folds case and accents so texts typed without accents match', () => {
    expect(foldText('  NÃO   Consigo ')).to.equal('nao consigo');
    expect(classify('nao consigo entrar, da erro', 'pt')).to.include({ sentiment: 'negative', type: 'bug' });
  });

  it('reads a crash, a grievance, praise, a request and a plain question in several languages', () => {
    expect(classify("L'appli plante au démarrage", 'fr')).to.include({ sentiment: 'negative', type: 'bug' });
    expect(classify('Viel zu teuer für das bisschen', 'de')).to.include({ sentiment: 'negative', type: 'complaint' });
    expect(classify('Ottima app, grazie!', 'it')).to.include({ sentiment: 'positive', type: 'praise' });
    expect(classify('Kunnen jullie een widget toevoegen?', 'nl')).to.include({ sentiment: 'neutral', type: 'feature_request' });
    expect(classify('¿Dónde descargo mis facturas?', 'es')).to.include({ sentiment: 'neutral', type: 'question' });
    expect(classify('一直闪退，没法用', 'zh')).to.include({ sentiment: 'negative', type: 'bug' });
    expect(classify('アプリがフリーズします', 'ja')).to.include({ sentiment: 'negative', type: 'bug' });
    expect(classify('Очень удобно, спасибо', 'ru')).to.include({ sentiment: 'positive', type: 'praise' });
    expect(classify('Uygulama sürekli donuyor', 'tr')).to.include({ sentiment: 'negative', type: 'bug' });
  });

  it('falls back to a close relative when the detected language finds no cue (Portuguese identified as Spanish), less surely', () => {
    const asSpanish = classify('O app trava sempre no carrinho', 'es');
    const asPortuguese = classify('O app trava sempre no carrinho', 'pt');
    expect(asSpanish).to.include({ sentiment: 'negative', type: 'bug' });
    expect(asSpanish.confidence).to.be.below(asPortuguese.confidence);
    expect(classify("J'utilise l'appli dans le métro.", 'fr')).to.include({ sentiment: 'neutral', type: 'other' });
  });

  it('reads what follows a contrast word as the point', () => {
    expect(classify('Buena app pero se cuelga al pagar', 'es')).to.include({ sentiment: 'negative', type: 'bug' });
    expect(classify('Am Anfang gab es Fehler, aber jetzt ist alles super', 'de')).to.include({ sentiment: 'positive', type: 'praise' });
    expect(classify('界面很漂亮，但是太贵了', 'zh')).to.include({ sentiment: 'negative', type: 'complaint' });
  });

  it('does not read a subscription question as a grievance', () => {
    expect(classify('Comment changer mon abonnement ?', 'fr')).to.include({ sentiment: 'neutral', type: 'question' });
  });

  it('is less confident without cues than with several agreeing ones, and keeps score and sentiment consistent', () => {
    const weak = classify('Ich habe ein Tablet.', 'de');
    const strong = classify('Die App stürzt ab, Fehler über Fehler, echt schlecht', 'de');
    expect(weak).to.include({ sentiment: 'neutral', type: 'other', sentimentScore: 0 });
    expect(weak.confidence).to.be.below(0.5);
    expect(strong.confidence).to.be.above(weak.confidence).and.at.most(1);
    expect(strong.sentimentScore).to.be.below(0);
  });
});

describe('multilingual construction cues', () => {
  const classify = (text: string, language: string) => classifyWithCues(text, language)!;

  it('given a removal in any main language, then a negative complaint, even when the thing "disappeared"', () => {
    expect(classify('perche hanno tolto la ricerca? rimettetela', 'it')).to.include({ sentiment: 'negative', type: 'complaint' });
    expect(classify('de kaartweergave is verdwenen, zet hem terug a.u.b.', 'nl')).to.include({ sentiment: 'negative', type: 'complaint' });
    expect(classify('por que quitaron las carpetas', 'es')).to.include({ sentiment: 'negative', type: 'complaint' });
  });

  it('given a rhetorical question, then a complaint, while a plain question stays a question', () => {
    expect(classify('waarom moeten we steeds een nieuwe code aanvragen?', 'nl')).to.include({ sentiment: 'negative', type: 'complaint' });
    expect(classify('perche devo reinserire la carta ogni mese?', 'it')).to.include({ sentiment: 'negative', type: 'complaint' });
    expect(classify('hoe kan ik mijn e-mailadres wijzigen?', 'nl')).to.include({ type: 'question' });
  });

  it('given a praising opener followed by a repetition or a problem, or an eye roll, then sarcasm (negative)', () => {
    expect(classify('perfetto, di nuovo la stessa schermata', 'it')).to.include({ sentiment: 'negative' });
    expect(classify('fantastisch, alweer een storing', 'nl')).to.include({ sentiment: 'negative', type: 'bug' });
    expect(classify('nieuwe update, heel mooi 🙄', 'nl')).to.include({ sentiment: 'negative' });
    expect(classify('perfetto, grazie mille', 'it')).to.include({ sentiment: 'positive', type: 'praise' });
  });

  it('given a negator before a praise or dissatisfaction word, then the word is reversed', () => {
    expect(classify('la nuova versione non e per niente comoda', 'it')).to.include({ sentiment: 'negative' });
    expect(classify('eerlijk gezegd niet slecht', 'nl')).to.include({ sentiment: 'positive' });
  });

  it('given a word that only begins like a cue, then no match ("blijft" is not "blij", "bestelling" not "beste")', () => {
    expect(classify('mijn bestelling blijft op verwerken staan', 'nl').sentiment).to.not.equal('positive');
  });
});
