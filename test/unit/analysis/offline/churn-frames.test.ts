import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { churnCuesFor } from '../../../../src/analysis/offline/churn/churn-cues.js';
import { CHURN_FRAME_LANGUAGES, FRAME_LISTS, churnFramesFor } from '../../../../src/analysis/offline/churn/churn-frames.js';
import { detectChurnRisk } from '../../../../src/analysis/offline/churn/detect-churn.js';
import { hasFrameThreat, sentencesOf } from '../../../../src/analysis/offline/churn/match-frames.js';

const FRAMES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'src', 'analysis', 'offline', 'churn', 'frames');

/** The frame matcher alone, without the whole-phrase cues. */
function byFrame(text: string, language: string): boolean {
  return hasFrameThreat(text, churnFramesFor(language)!, churnCuesFor(language)!);
}

describe('churn frames (verb and destination or object within one sentence)', () => {
  describe('given the frame files', () => {
    it('then each has every list, as strings, and is loaded', () => {
      const files = readdirSync(FRAMES).filter((file) => file.endsWith('.json'));
      expect(files.map((file) => file.replace('.json', '')).sort()).to.deep.equal([...CHURN_FRAME_LANGUAGES].sort());
      for (const file of files) {
        const frames = JSON.parse(readFileSync(path.join(FRAMES, file), 'utf8')) as Record<string, string[]>;
        expect(Object.keys(frames).sort(), file).to.deep.equal([...FRAME_LISTS].sort());
        for (const list of Object.values(frames)) for (const entry of list) expect(entry, file).to.be.a('string').and.not.equal('');
      }
    });
  });

  describe('when a text is split into sentences', () => {
    it('then words keep their capitals and sentences end at . ! ? ;', () => {
      const sentences = sentencesOf('From January we use Odoo; please send the export. Thanks!');
      expect(sentences.map((s) => s.tokens.map((t) => t.original).join(' '))).to.deep.equal(['From January we use Odoo', 'please send the export', 'Thanks']);
      expect(sentences[0].folded).to.equal('from january we use odoo');
    });
  });

  describe('when a threat is phrased in words no whole-phrase cue was written for', () => {
    const threats: [string, string][] = [
      ['de', 'Wir wechseln zum Jahresende zu einem anderen Anbieter.'],
      ['de', 'Wir steigen nächsten Monat auf Personio um.'],
      ['de', 'Ab März nutzen wir ein anderes System, bitte schicken Sie uns den vollständigen Export unserer Daten.'],
      ['nl', 'We stappen over naar Exact.'],
      ['nl', 'Volgende maand stappen we over naar een andere aanbieder.'],
      ['nl', 'Per 1 januari gaan we verder met Exact Online.'],
      ['nl', 'Wij zullen het contract niet voortzetten.'],
      ['nl', 'Mijn abonnement mag per volgende maand stoppen.'],
      ['nl', 'Wij willen graag onze gegevens exporteren omdat we overgaan naar een ander pakket.'],
      ['pt', 'Vou trocar pela Nubank no mês que vem.'],
      ['pt', 'Reduzi o plano e depois vou apagar a conta.'],
      ['es', 'Nos pasamos a Holded el mes que viene.'],
      ['es', 'Voy a cambiarme a Revolut.'],
      ['fr', 'On va basculer vers une solution concurrente l’an prochain.'],
      ['fr', 'Je vais supprimer mon compte après avoir réduit mon forfait.'],
      ['it', 'Da gennaio useremo un altro sistema, inviateci l’esportazione completa dei nostri dati.'],
      ['it', 'Chiuderò il mio account dopo il downgrade.'],
      ['de', 'Wir ziehen mit dem ganzen Team zu Notion um.'],
      ['de', 'Wir haben uns für Personio entschieden und wechseln im Mai.'],
      ['en', "We're moving the whole team to Linear next quarter, so we won't need these seats."],
      ['en', "I'll downgrade to basic first, then I delete the account."],
      ['en', 'From January we will use another system; please send the full export of our data.'],
      ['en', 'Our team is going over to a different CRM in the spring.'],
      ['en', 'Please close our workspace and send the final invoice.'],
    ];
    for (const [language, text] of threats) {
      it(`then the frames read a threat (${language}): ${text}`, () => expect(byFrame(text, language)).to.equal(true));
      it(`then churnRisk is true (${language}): ${text}`, () => expect(detectChurnRisk(text, language)).to.equal(true));
    }
    it('then new whole phrases count too: a replacement for the tool, not paying any more', () => {
      expect(detectChurnRisk('Our CFO asked us to find a replacement for your tool by Q3.', 'en')).to.equal(true);
      expect(detectChurnRisk("We're not going to pay for this anymore.", 'en')).to.equal(true);
      expect(detectChurnRisk('Leadership approved the budget to replace you with HubSpot.', 'en')).to.equal(true);
      expect(detectChurnRisk("We'll be off your platform by the end of Q2.", 'en')).to.equal(true);
      expect(detectChurnRisk("Please don't auto-renew us in March, we've signed elsewhere.", 'en')).to.equal(true);
      expect(detectChurnRisk("We're consolidating tools and yours didn't make the cut.", 'en')).to.equal(true);
    });
  });

  describe('when a look-alike uses the same words', () => {
    const lookAlikes: [string, string][] = [
      ['en', 'I switched from Trello and love it.'],
      ['en', 'We moved from Asana to you last year and it is great.'],
      ['en', "Can you cancel tomorrow's call? Something came up."],
      ['en', "The cancel button throws an error, but I don't want to leave, I just want to change my card."],
      ['en', 'Can I cancel only the add-on and keep my plan?'],
      ['en', 'How do I cancel the subscription for my client?'],
      ['en', 'I almost switched to another tool, but your support saved the day.'],
      ['en', "We would never move to a competitor, you're the best."],
      ['en', 'Please move the meeting to Friday.'],
      ['en', 'What if I switch to another phone, will my data follow?'],
      ['en', 'Please send the final invoice for March, our accountant needs it.'],
      ['en', 'Is there a way to pause my subscription instead of cancelling it?'],
      ['en', 'I moved my photos to Google Photos to free up space, can I still use the app?'],
      ['en', 'We use another tool for invoicing and it integrates nicely.'],
      ['en', 'I moved to a new apartment, how do I update my address?'],
      ['en', "I'm leaving for vacation, can I pause deliveries?"],
      ['en', 'The unsubscribe link in your newsletter is broken.'],
      ['en', "I deleted my account last year and came back, you're better now."],
      ['de', 'Wir sind von Personio zu Ihnen gewechselt und sehr zufrieden.'],
      ['de', 'Kann ich nur die Erweiterung kündigen und meinen Tarif behalten?'],
      ['nl', 'Kan ik alleen de add-on opzeggen en mijn abonnement houden?'],
      ['nl', 'De opzegknop geeft een foutmelding, maar ik wil niet weg.'],
      ['nl', 'Ik heb per ongeluk mijn account verwijderd, kunnen jullie het herstellen?'],
      ['nl', 'We gaan naar Amsterdam voor de training.'],
      ['nl', 'We gaan verder met de migratie voor Jan, bedankt.'],
      ['nl', 'De app stopt steeds met laden.'],
      ['pt', 'Vim da Nubank e adorei o app.'],
      ['pt', 'Nunca vou trocar por outro app.'],
      ['es', 'Vengo de Holded y me encanta.'],
      ['es', 'Voy a Madrid mañana, ¿funciona allí la app?'],
      ['es', '¿Cómo doy de baja a un empleado que se fue de la empresa?'],
      ['es', 'Borré la app sin querer, ¿cómo recupero mis datos?'],
      ['pt', 'Fechei a conta do meu filho por engano.'],
      ['fr', 'Nous venons de chez Pennylane et nous adorons.'],
      ['fr', 'Je ne passerai jamais chez un autre fournisseur.'],
      ['fr', 'Puis-je résilier seulement l’option et garder mon abonnement ?'],
      ['it', 'Veniamo da Zucchetti e siamo contentissimi.'],
      ['it', 'Non passerei mai a un altro fornitore.'],
      ['it', 'Posso disdire solo l’opzione e tenere il mio abbonamento?'],
      ['pt', 'Vou para São Paulo amanhã, o app funciona lá?'],
      ['de', 'Wir gehen zu Fuß zum Büro, die App zeigt den Weg falsch.'],
      ['de', 'Ich habe aus Versehen mein Konto gelöscht.'],
      ['de', 'Ich würde nie zu einem anderen Anbieter wechseln.'],
      ['es', '¿Puedo cancelar solo el complemento y mantener mi plan?'],
    ];
    for (const [language, text] of lookAlikes) {
      it(`then churnRisk is false (${language}): ${text}`, () => expect(detectChurnRisk(text, language)).to.equal(false));
    }
  });

  describe('when the two parts of a frame stand in different sentences or too far apart', () => {
    it('then they make no threat', () => {
      expect(byFrame('We switch a lot. Another tool would be nice for reporting.', 'en')).to.equal(false);
      expect(byFrame('We switch between tabs all day and it is slow, like the old one and every other app.', 'en')).to.equal(false);
    });
  });
});
