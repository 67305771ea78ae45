// Words that announce a person's name, in the languages customers write in. The name is capture group 1.

const NAME = String.raw`\p{Lu}\p{Ll}[\p{L}'’\-]*`;
const FULL_NAME = String.raw`${NAME}(?:\s(?:(?:van|von|de|da|del|der|di|le|la)\s)?${NAME}){0,2}`;

/** Introductions, honorifics, sign-offs and "spoke with": what follows is a name unless it is a product. */
export const CUED_NAMES: RegExp[] = [
  new RegExp(
    String.raw`\b(?:my name is|I am|I'm|I’m|mein Name ist|ich heiße|je m'appelle|je m’appelle|me llamo|mi nombre es|mi chiamo|name:)\s(${FULL_NAME})`,
    'gdu',
  ),
  new RegExp(
    String.raw`(?<![\p{L}])(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Herr|Frau|Monsieur|Madame|Mme|Mlle|Sr|Sra|Señor|Señora|Sig|Signora|Signor)\.?\s(${FULL_NAME})`,
    'gdu',
  ),
  new RegExp(
    String.raw`(?:^|[.!?\n]\s*)(?:[Tt]hanks|[Tt]hank you|[Cc]heers|[Rr]egards|[Bb]est|[Kk]ind regards|[Bb]est regards|[Bb]est wishes|[Gg]reetings|[Vv]iele Grüße|[Ll]iebe Grüße|[Mm]it freundlichen Grüßen|[Gg]rüße|[Dd]anke|[Cc]ordialement|[Mm]erci|[Bb]ien à vous|[Ss]aludos|[Uu]n saludo|[Gg]racias|[Cc]ordiali saluti|[Gg]razie)[,!.]?\s{1,3}(?:[-–—]\s?)?(${FULL_NAME})[.!]?\s*$`,
    'gdmu',
  ),
  new RegExp(String.raw`(?:^|\n)\s*[-–—~]\s?(${FULL_NAME})\s*$`, 'gdmu'),
  new RegExp(
    String.raw`\b(?:spoke (?:to|with)|talked (?:to|with)|chatted with|your (?:agent|colleague|rep|technician)|agent|named|called|sprach mit|Mitarbeiter(?:in)?|parlé (?:à|avec)|hablé con|ho parlato con)\s(${FULL_NAME})`,
    'gdu',
  ),
];

// Only roles that are people: "admin", "contact" or "assistant" are as often screens and features.
const ROLE = 'manager|lead|rep|representative|consultant|advisor|adviser|colleague|co-?worker|boss|supervisor|technician|engineer|accountant';
const ROLE_BEFORE_NAME = String.raw`(?:[Mm]y|[Oo]ur|[Yy]our)\s(?:[\p{L}\-]+\s){0,2}?(?:${ROLE}),?`;

/**
 * Asking for someone, thanking someone, naming someone's role: what follows is as often a team, a product or a
 * common word ("Ask Questions", "thanks to Your team", "our admin Console"), so these pass a common-word guard too.
 */
export const WEAKLY_CUED_NAMES: RegExp[] = [
  new RegExp(
    String.raw`\b(?:[Aa]sk(?:ed|ing)?(?: for)?|[Tt]hanks?(?: you)?(?: to)?|[Kk]udos to|[Ss]hout[- ]?out to|${ROLE_BEFORE_NAME}|[Gg]racias a|[Pp]regunt(?:a|e|é|ar) por|[Mm]i (?:asesora?|gestora?)|[Mm]erci à|[Dd]emandez(?: à)?|[Mm]on conseiller|[Mm]a conseillère|[Dd]anke an|[Ff]ragen Sie nach|[Mm]eine? (?:Berater(?:in)?|Ansprechpartner(?:in)?)|[Gg]razie a|[Cc]hiedete di|[Ii]l mio consulente|[Oo]brigad[oa] (?:a|ao|à)|[Pp]ergunte por|(?:[Mm]eu|[Mm]inha) gerente|[Dd]ank(?: je)? aan|[Bb]edankt aan|[Vv]raag naar|[Mm]ijn (?:accountmanager|contactpersoon))\s(${FULL_NAME})`,
    'gdu',
  ),
];

const LOWER_CASE_CUES = [
  'my name is',
  'i am',
  "i'm",
  'i’m',
  'this is',
  'hi',
  'hello',
  'hey',
  'dear',
  'thanks',
  'thank you',
  'thx',
  'cheers',
  'kudos to',
  'shout ?out to',
  'thanks to',
  'thank you to',
  'ask',
  'asked',
  'asking',
  'ask for',
  'asked for',
  'asking for',
  'named',
  'called',
  'cc',
  '(?:talked|spoke|speaking|spoken) (?:to|with)',
  'chatted with',
  String.raw`(?:my|our|your|the) (?:[\p{L}\-]+ ){0,2}?(?:${ROLE})`,
  'hablé con',
  'me atendió',
  'gracias a',
  'pregunt(?:a|e|é|ar) por',
  'mi (?:asesora?|gestora?)',
  'parlé (?:à|avec)',
  'merci à',
  'demandez',
  'mon conseiller',
  'ma conseillère',
  'sprach mit',
  'gesprochen mit',
  'danke an',
  'fragen sie nach',
  'meine? (?:berater(?:in)?|ansprechpartner(?:in)?)',
  'parlato con',
  'grazie a',
  'chiedete di',
  'il mio consulente',
  'falei com',
  'obrigad[oa] (?:a|ao|à)',
  'pergunte por',
  '(?:meu|minha) gerente',
  'gesproken met',
  '(?:bedankt|dank) aan',
  'vraag naar',
  'mijn (?:accountmanager|contactpersoon)',
];
/** Tested on the lower-cased text just before a lower-case first name ("my account manager zelda"). */
export const CUE_BEFORE_LOWER_CASE_NAME = new RegExp(String.raw`(?:^|[^\p{L}])(?:${LOWER_CASE_CUES.join('|')})[\s,:]{1,3}$`, 'u');

const DEPARTMENTS = [
  String.raw`(?:from|at|in|of|on) (?:the |your )?(?:support|billing|sales|customer (?:service|support|success|care)|help ?desk|tech support|accounts|finance|onboarding)`,
  '(?:de|del) (?:soporte|atención al cliente|ventas|facturación)',
  '(?:du|de la) (?:support|service client|facturation)',
  '(?:vom|aus dem) (?:support|kundenservice|kundendienst|vertrieb)',
  "(?:dal|del) (?:supporto|servizio clienti)|dell['’]assistenza",
  '(?:do|da) (?:suporte|atendimento)',
  'van (?:de )?(?:support|klantenservice)',
];
/** Teams named after a lower-case first name (and surname): "marco from support". Matches start at the space. */
export const CUES_AFTER_LOWER_CASE_NAME = new RegExp(String.raw`,?\s(?:${DEPARTMENTS.join('|')})(?![\p{L}])`, 'giu');
