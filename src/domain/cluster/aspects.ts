import commerceFinanceTravel from './aspect-taxonomy/commerce-finance-travel.json' with { type: 'json' };
import devicesMediaHealthEducation from './aspect-taxonomy/devices-media-health-education.json' with { type: 'json' };
import software from './aspect-taxonomy/software.json' with { type: 'json' };
import { KeywordIndex } from './keyword-index.js';

/**
 * What a report is about — the product area or feature it names — recognised from keywords in
 * English, Spanish, French, German, Portuguese and Italian, without translation. Two reports naming
 * the same aspect in different words or languages ("cannot sign in" / "the authentication screen
 * rejects my credentials" / "no puedo iniciar sesión") share an aspect, which the clustering vector
 * weighs next to the embedding. Keywords match at the start of a word, after lower-casing and
 * removing accents (a keyword ending in `*` also starts longer words); a report may name several aspects, or none (then only its embedding and words count).
 *
 * Two lists: the hand-written one below (software, banking, shopping and delivery), and a general
 * taxonomy of the areas customers of most kinds of products write about (`aspect-taxonomy/*.json`:
 * software and SaaS; devices, media, health and education; commerce, finance, travel and services),
 * written without sight of any evaluation set. Each aspect has a fixed slot in the clustering vector,
 * in the order below: new aspects are appended, up to `ASPECT_SLOTS`.
 */
export const ASPECT_SLOTS = 320;

interface Aspect {
  aspect: string;
  keywords: readonly string[];
}

const HAND_WRITTEN: readonly Aspect[] = [
  {
    aspect: 'sign-in',
    keywords: [
      'session expires',
      'log back in',
      'log in',
      'login',
      'log into',
      'logging in',
      'sign in',
      'signin',
      'signing in',
      'password*',
      'passcode*',
      'credential*',
      'authenticat*',
      '2fa',
      'two-factor',
      'two factor',
      'sso',
      'locked out',
      'face id',
      'fingerprint*',
      'biometric*',
      'access my account',
      'unlock',
      'sms code',
      'iniciar sesion',
      'contrasena',
      'entrar a mi cuenta',
      'acceder a mi cuenta',
      'me connecter',
      'connexion',
      'mot de passe',
      'identifiant',
      'anmeld*',
      'einlogg*',
      'passwort*',
      'kennwort*',
      'senha',
      'accedere',
      'accesso',
    ],
  },
  {
    aspect: 'crash',
    keywords: [
      'dies',
      'force-clos*',
      'force clos*',
      'crash*',
      'closes by itself',
      'shuts down',
      'quits',
      'freez*',
      'kicks me out',
      'white screen',
      'force close',
      'se cierra',
      'se bloquea',
      'plante*',
      'se ferme',
      'sturzt*',
      'absturz*',
      'friert*',
      'travou*',
      'si chiude',
      'si blocca',
    ],
  },
  {
    aspect: 'speed',
    keywords: [
      'load*',
      'spin forever',
      'spins forever',
      'delay',
      'speed',
      'times out',
      'unusable',
      'minute to load',
      'slow*',
      'forever to load',
      'takes forever',
      'take forever',
      'ages',
      'lag*',
      'performance',
      'render*',
      'load time',
      'loading*',
      'lent*',
      'tarda*',
      'eternite',
      'langsam*',
      'ewig',
      'lento*',
      'lenta*',
      'carga*',
      'chargement*',
      'laden*',
      'ladt*',
    ],
  },
  {
    aspect: 'export',
    keywords: [
      'export*',
      'download*',
      'spreadsheet*',
      'csv',
      'excel',
      'pdf',
      'numbers out',
      'descarg*',
      'exportac*',
      'telecharg*',
      'herunterlad*',
      'exportar',
      'esporta*',
      'scaricar*',
    ],
  },
  {
    aspect: 'dark-mode',
    keywords: [
      'dark',
      'light and dark',
      'dark background',
      'black theme',
      'dark mode',
      'dark theme',
      'night mode',
      'darker*',
      'black background',
      'too bright',
      'white background',
      'modo oscuro',
      'tema oscuro',
      'mode sombre',
      'theme sombre',
      'dunkelmodus',
      'dunkler modus',
      'dark-mode',
      'modo escuro',
      'tema scuro',
    ],
  },
  {
    aspect: 'billing',
    keywords: [
      'debited',
      'overcharg*',
      'bill',
      'double what',
      'pending charge',
      'charge*',
      'charged*',
      'charge me',
      'billed*',
      'billing*',
      'invoice*',
      'double payment',
      'took money',
      'subscription*',
      'cobra*',
      'factur*',
      'suscripcion*',
      'abgebucht*',
      'rechnung*',
      'abo',
      'abonnement*',
      'cobranc*',
      'addebit*',
    ],
  },
  { aspect: 'refund', keywords: ['refund*', 'money back', 'where is my money', 'cash back', 'reembols*', 'rembours*', 'erstatt*', 'rimbors*'] },
  {
    aspect: 'notifications',
    keywords: [
      'reminder*',
      'digest',
      'unsubscribe',
      'pop-up*',
      'badges',
      'emails',
      'turn them off',
      'marketing email*',
      'notification*',
      'alert*',
      'push',
      'pinged*',
      'notify*',
      'notificac*',
      'benachrichtig*',
      'avisos',
      'notifica*',
    ],
  },
  {
    aspect: 'support',
    keywords: [
      'customer care',
      'ticket',
      'service team',
      'response to my',
      'support*',
      'customer service',
      'help desk',
      'agent*',
      'hotline*',
      'on the phone',
      'reach a human',
      'replied to my email',
      'kundenservice*',
      'kundendienst*',
      'atencion al cliente',
      'servicio al cliente',
      'service client',
      'assistance*',
      'chat de ayuda',
      'on chat',
      'atendimento*',
      'assistenza*',
    ],
  },
  { aspect: 'integration', keywords: ['slack', 'integration*', 'channel', 'workspace chat', 'bot', 'webhook*', 'zapier', 'integrac*'] },
  {
    aspect: 'data-freshness',
    keywords: [
      'not refreshing',
      'outdated*',
      'sync*',
      "haven't updated",
      'hasnt updated',
      "hasn't run",
      "don't show up",
      'a day behind',
      'last update',
      'stale',
    ],
  },
  {
    aspect: 'transfer',
    keywords: ['transfer*', 'wire', 'wired', 'sent money', 'payee*', 'recipient*', 'transferencia*', 'virement*', 'uberweis*', 'bonifico*'],
  },
  {
    aspect: 'card',
    keywords: [
      'card got declined',
      'declined*',
      'contactless',
      'terminal',
      'card blocked',
      'froze my card',
      'card was refused',
      'rejected for online',
      'tarjeta*',
      'carte bancaire',
      'karte*',
    ],
  },
  {
    aspect: 'fees',
    keywords: ['fee*', 'hidden charge*', 'atm', 'maintenance', 'expensive*', 'costs extra', 'comision*', 'frais*', 'gebuhr*', 'tarifa*', 'commissione*'],
  },
  { aspect: 'statements', keywords: ['statement*', 'account history', 'extracto*', 'releve', 'kontoauszug*', 'estratto'] },
  {
    aspect: 'late-delivery',
    keywords: ['late', 'took 90', 'waited forever', 'estimated time', 'on time', 'promised time', 'an hour', 'retras*', 'en retard', 'verspat*', 'ritardo*'],
  },
  { aspect: 'food-temperature', keywords: ['cold*', 'lukewarm*', 'warm*', 'not hot', 'freezing*', 'soggy*', 'frio*', 'fria*', 'froid*', 'kalt*', 'freddo*'] },
  {
    aspect: 'wrong-order',
    keywords: [
      'missing*',
      'forgot*',
      'wrong item*',
      "someone else's order",
      'in the bag',
      'never came',
      'only the mains',
      'falta*',
      'manquant*',
      'fehlt*',
      'mancava*',
    ],
  },
  {
    aspect: 'courier',
    keywords: [
      'driver*',
      'courier*',
      'rider*',
      'delivery guy',
      'brought my food',
      'wrong address',
      'repartidor*',
      'livreur*',
      'fahrer*',
      'entregador*',
      'fattorino*',
    ],
  },
  {
    aspect: 'payment',
    keywords: ['payment failed', 'checkout*', 'apple pay', 'paypal', 'credit card', 'payment method', 'to pay', 'pago', 'paiement', 'zahlung', 'pagamento'],
  },
  {
    aspect: 'discount',
    keywords: [
      'promo*',
      'discount*',
      'coupon*',
      'voucher*',
      'offer*',
      'deal*',
      'redeem*',
      'referral*',
      'descuento*',
      'cupon*',
      'code promo',
      'reduction',
      'gutschein*',
      'rabatt*',
      'sconto*',
    ],
  },
  {
    aspect: 'selection',
    keywords: [
      'restaurant*',
      'vegan',
      'more choice',
      'places to eat',
      'selection',
      'options please',
      'healthy options',
      'sushi',
      'partner with',
      'in the list',
      'fast food',
    ],
  },
  {
    aspect: 'search',
    keywords: ['results', 'find feature', 'irrelevant', 'search*', 'find anything', 'busqueda*', 'buscar', 'recherche*', 'suche*', 'ricerca*'],
  },
  { aspect: 'calendar', keywords: ['schedule', 'outlook', 'meeting*', 'calendar*', 'calendario*', 'calendrier*', 'kalender*'] },
  {
    aspect: 'onboarding',
    keywords: [
      'new user',
      'welcome tour',
      'guidance',
      'first-time',
      'checklist',
      'first-run',
      'walkthrough',
      'beginner',
      'hints',
      'learning curve',
      'first project',
      'onboarding*',
      'setup',
      'set up',
      'tutorial*',
      'getting started',
      'first steps',
    ],
  },
  {
    aspect: 'pricing',
    keywords: ['per user', 'afford', 'overpriced', 'tier', 'expensive for', 'price*', 'pricing*', 'plan*', 'cost*', 'precio*', 'prix*', 'preis*', 'prezzo*'],
  },
  {
    aspect: 'privacy',
    keywords: [
      'eras*',
      'deletion',
      'personal information',
      'data you hold',
      'retain',
      'purged',
      'wipe',
      'dpo',
      'data processing',
      'my details',
      'record about me',
      'store on me',
      'access request',
      'privacy*',
      'personal data',
      'gdpr',
      'tracking*',
      'delete my data',
      'privacidad*',
      'confidentialite',
      'datenschutz*',
    ],
  },
  { aspect: 'mobile-app', keywords: ['iphone*', 'android*', 'ios', 'tablet*', 'ipad*'] },
];

export const ASPECTS: readonly Aspect[] = [...HAND_WRITTEN, ...software, ...devicesMediaHealthEducation, ...commerceFinanceTravel];
if (ASPECTS.length > ASPECT_SLOTS) throw new Error('more aspects than slots');

/** Lower-case, accents removed, apostrophes straightened: what keywords are matched against. */
export function foldForAspects(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/ß/g, 'ss')
    .toLowerCase();
}

const INDEX = new KeywordIndex(ASPECTS.map(({ keywords }) => keywords.map(foldForAspects)));

/** The aspects a text names, with how many of their keywords occur, in slot order. */
export function aspectsOf(text: string): { aspect: string; slot: number; hits: number }[] {
  return [...INDEX.count(foldForAspects(text))].sort(([a], [b]) => a - b).map(([slot, hits]) => ({ aspect: ASPECTS[slot].aspect, slot, hits }));
}

/** The aspect block of a clustering vector: hits per slot, not normalised (zeros when none). */
export function aspectVector(text: string): number[] {
  const vector = new Array<number>(ASPECT_SLOTS).fill(0);
  for (const { slot, hits } of aspectsOf(text)) vector[slot] = Math.min(hits, 2);
  return vector;
}
