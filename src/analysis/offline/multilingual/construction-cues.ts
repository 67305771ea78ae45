/**
 * Cues for constructions rather than words, per language (in the format of every cue list, `cue-pattern.ts`):
 * - removal: something was taken away and the customer wants it back ("perche avete tolto il widget",
 *   "zet hem terug") — a complaint by product convention, whatever else the text says;
 * - rhetorical: a question that is a complaint ("waarom moet ik elke keer opnieuw inloggen??");
 * - repetition: "again", "another" — after a praising opener ("ottimo, un altro aggiornamento…") it is sarcasm;
 * - negators: a praise word right after one is not praise ("non mi piace"), a dissatisfaction word
 *   right after one is not dissatisfaction ("niet slecht").
 * Written from general vocabulary; tuned on `training/tuning/multilingual.jsonl`.
 */

export interface ConstructionCues {
  removal: string[];
  rhetorical: string[];
  repetition: string[];
  /** Whole words that negate the next one or two words. */
  negators: string[];
}

export const CONSTRUCTION_CUES: Record<string, ConstructionCues> = {
  es: {
    removal: [
      'quitaron',
      'quitasteis',
      'han quitado',
      'habeis quitado',
      'eliminaron (el|la|los|las)',
      'vuelvan a poner',
      'volved a poner',
      'devuelvan (el|la)',
      'ya no (esta|existe|aparece|hay) (el|la|opcion|modo)',
      'sacaron',
      '(han|habeis) (sacado|eliminado)',
      'eliminasteis',
      'devolved(lo|la|los|las|nos)',
      'devuelvan(lo|la|los|las|nos)',
      'recuperad(lo|la|los|las)',
      '(lo|la|los|las) quiero de vuelta',
      'antes se podia',
    ],
    rhetorical: [
      '(por ?que|pq|porque) (tengo|tenemos|hay) que',
      'quien (fue|decidio|penso|tuvo la idea)',
      'a quien se le (ocurre|ocurrio)',
      'como es posible',
      'es normal que',
      // "de verdad tengo que esperar…??", "como puede ser que…", "para eso me voy a…".
      '(de verdad|en serio) (tengo|tenemos|hay|me toca|nos toca) que',
      'como puede ser',
      'para eso (me )?(voy|compro|pago|uso|prefiero)',
      'de que sirve',
      'para que pago',
      '(tan dificil es|es tan dificil)',
      '(os|les) parece normal',
    ],
    repetition: ['otra vez', 'de nuevo', 'otra actualizacion', 'otra mas', 'una vez mas', 'cada vez que'],
    negators: ['no', 'nunca', 'nada', 'ni', 'tampoco'],
  },
  fr: {
    removal: [
      '(vous avez|ils ont|avez-vous|avez vous) (enleve|supprime|retire)',
      'pourquoi (enlever|supprimer|retirer)',
      'remettez',
      'remettre (le|la|les)',
      'rendez(-| )nous',
      "il n'y a plus (le|la|de|d')",
      "n'existe plus",
    ],
    rhetorical: [
      'pourquoi (je dois|il faut|faut-il|faut il|dois-je|on doit)',
      "qui a eu l'idee",
      "comment (c'est|est-ce|est ce) possible",
      "(c'est|c|cest|c est) (pas )?normal",
      'on paie pour quoi',
      "c'est une blague",
    ],
    repetition: ['encore une', 'encore un', 'de nouveau', 'une fois de plus', 'encore_'],
    negators: ['pas', 'jamais', 'plus', 'rien', 'ne', "n'"],
  },
  de: {
    removal: [
      '(habt ihr|haben sie|ihr habt|wurde|wurden) .{0,30}(entfernt|abgeschafft|weggenommen|gestrichen)',
      'entfernt_',
      'bitte zuruck',
      'wieder (einfuhren|rein|her)',
      'gibt es nicht mehr',
      'nicht mehr (da|verfugbar|vorhanden)',
      'rausgenommen',
      'weggenommen',
      'abgeschafft',
      'bringt .{0,25}zuruck',
    ],
    rhetorical: [
      'wer (hat sich|kam auf|hat das|ist auf)',
      'wie kann es sein',
      '(warum|wieso|weshalb) (muss|soll|musste|darf) (ich|man|wir)',
      'ist das (euer|ihr|dein) ernst',
      'soll das ein witz sein',
      'wer (ist|kam|hatte|hat) .{0,20}(auf )?die idee',
      'wer denkt sich',
    ],
    repetition: ['schon wieder', 'wieder_', 'noch ein', 'jedes mal', 'erneut'],
    negators: ['nicht', 'kein', 'keine', 'keinen', 'nie', 'niemals'],
  },
  pt: {
    removal: [
      'tiraram',
      'removeram',
      'voltem com',
      'volta com',
      'tragam de volta',
      'nao tem mais (o|a)',
      'sumiram com',
      'acabaram com (o|a|os|as)_',
      'devolvam',
      '(coloquem|ponham|botem|tragam) ([^ ]+ ){0,2}de volta',
    ],
    rhetorical: [
      '(por ?que|pq|porque) (tenho|temos|preciso) que',
      'quem (teve a ideia|decidiu|pensou)',
      'como (pode|e possivel)',
      'serio que',
      'de que (adianta|serve)',
    ],
    repetition: ['mais uma', 'de novo', 'outra vez', 'toda vez'],
    negators: ['nao', 'nunca', 'nem', 'nada'],
  },
  it: {
    removal: [
      '(avete|hanno|hai) (tolto|rimosso|eliminato (il|la|lo|l.|la funzione|il tasto))',
      'rimettet',
      'rimetterlo',
      'riportat[ae]l',
      'ridatec',
      'rivoglio',
      'rivogliamo',
      'ridate(l|ci)',
      'fate(la|lo|li|le) tornare',
      'tornate come prima',
      'non c.e piu (il|la|lo|l.|la funzione|l.opzione)',
    ],
    rhetorical: [
      'perche (devo|dobbiamo|bisogna|si deve)',
      'ma e possibile',
      'com.e possibile',
      'e mai possibile',
      'chi (ha|e) (avuto|pensato|deciso|il genio)',
      'ma (vi|ti|le) sembra normale',
      'ma (stiamo )?scherz(iamo|ando)',
      'ma come si fa',
    ],
    repetition: ['un altro', "un'altra", 'un altra', 'di nuovo', 'ancora una volta', "per l'ennesima volta", 'ennesim', 'ogni volta'],
    negators: ['non', 'mai', 'nessun', 'nessuna', 'niente', 'nemmeno', 'neanche'],
  },
  nl: {
    removal: [
      'weggehaald',
      '(hebben jullie|hebben ze|is|zijn) .{0,30}verwijderd',
      'zet (hem|het|ze|die|dat) (weer )?terug',
      'breng .{0,25}terug',
      'terug(brengen|zetten)',
      'niet meer beschikbaar',
      'is er niet meer',
      '(hebben jullie|jullie hebben|hebben ze|is|zijn|werd|werden) .{0,30}(afgeschaft|geschrapt|eruit gehaald|eruit gesloopt)',
    ],
    rhetorical: [
      'waarom (moet|moeten) (ik|we|je|jullie)',
      'wie heeft (dit|dat|deze|die)',
      'hoe (kan|is) het (mogelijk|dat)',
      'wie (bedenkt|verzint|bedacht|verzon)',
      'is het (nou|nu|echt) zo moeilijk',
    ],
    repetition: ['weer_', 'alweer', 'opnieuw', 'nog een', 'elke keer'],
    negators: ['niet', 'geen', 'nooit', 'nergens'],
  },
  ru: {
    removal: ['убрали', 'верните'],
    rhetorical: ['зачем (вы|надо)', 'почему (я должен|надо)'],
    repetition: ['опять', 'снова', 'ещё одно', 'еще одно'],
    negators: ['не', 'нет', 'ни'],
  },
  tr: {
    removal: [
      'kaldirdiniz',
      'kaldirmissiniz',
      'kaldirmislar',
      'kaldirdilar',
      'geri getirin',
      'geri (gelsin|koyun|ekleyin|verin|acin)',
      'eski haline (getirin|dondurun|donsun)',
    ],
    rhetorical: [
      'neden (her|surekli)',
      '(neden|niye|nicin) .{0,40}zorunda',
      'bu nasil (is|hizmet|uygulama|bir sey)',
      'kim (dusundu|karar verdi|akil etti)',
      'dalga mi geciyorsunuz',
      'ciddi misiniz',
      'saka mi',
      'bu kadar (zor|mu zor)',
    ],
    repetition: ['yine', 'tekrar', 'bir daha', 'gene_', 'her seferinde'],
    negators: [],
  },
  ja: {
    removal: [
      '戻して',
      '復活(させ|して|希望)',
      '機能(が|は|を)?(なくな|なくし|消し|削除し|廃止)',
      '(なんで|なぜ|どうして)(.{0,12})?(消し|削除し|なくし|廃止し)',
      '廃止',
    ],
    rhetorical: [
      '誰が考え',
      '誰得',
      'どういうこと',
      'どうなって(る|ん)',
      'なめて(る|ん)',
      'ふざけて(る|ん)',
      '(なんで|なぜ|どうして)(毎回|いちいち|わざわざ)',
      '何のため',
    ],
    repetition: [],
    negators: [],
  },
  zh: { removal: ['改回来'], rhetorical: [], repetition: [], negators: [] },
};
