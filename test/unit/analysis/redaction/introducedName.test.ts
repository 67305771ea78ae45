import { expect } from 'chai';
import { detectIntroducedNames } from '../../../../src/analysis/redaction/detectors/introducedName.js';
import { found } from './helpers.js';

describe('detectIntroducedNames', () => {
  const planted: Array<[string, string]> = [
    ['Ik ben Jan de Vries en mijn bestelling is zoek.', 'Jan de Vries'],
    ['Hallo, ik ben Pieter van den Berg.', 'Pieter van den Berg'],
    ['Ik ben Emma, klant sinds 2019.', 'Emma'],
    ['Mijn naam is Sanne Jansen.', 'Sanne Jansen'],
    ['Nazywam się Katarzyna Nowak i mam problem.', 'Katarzyna Nowak'],
    ['Здравствуйте, меня зовут Анна Петрова, не могу войти.', 'Анна Петрова'],
    ['Меня зовут Дмитрий. Заказ пришёл повреждённым.', 'Дмитрий'],
    ['مرحبا، اسمي أحمد حسن ولم يصلني الطلب.', 'أحمد حسن'],
    ['اسمي فاطمة، التطبيق يتوقف.', 'فاطمة'],
    ['你好，我叫王小明，我的订单号是 2024。', '王小明'],
    ['我的名字是李娜，会员卡积分没有到账。', '李娜'],
    ['私は田中太郎です。アプリが起動しません。', '田中太郎'],
    ['私の名前は佐藤花子です。', '佐藤花子'],
    ['初めまして、鈴木一郎と申します。', '鈴木一郎'],
    ['My name is 王小明 and my order is late.', '王小明'],
    ["Je m'appelle أحمد حسن et je veux un remboursement.", 'أحمد حسن'],
    ['me llamo 김민준, el pago falla', '김민준'],
    ["I'm 李娜, order 5512.", '李娜'],
  ];
  for (const [text, expected] of planted) {
    it(`given "${text}", when detecting, then finds "${expected}" as [name]`, () => {
      const spans = detectIntroducedNames(text);
      expect(found(text, spans)).to.deep.equal([expected]);
      expect(spans[0].type).to.equal('name');
    });
  }
  const lookAlikes = [
    'Ik ben erg tevreden over de nieuwe versie.',
    'Ik ben Premium klant en mis de iDEAL optie.',
    'Ik ben Nederlander en woon in Spanje.',
    'Ich bin Kunde seit 2019 und zufrieden.',
    'Меня зовут на встречу каждый день.',
    'اسمي غير مهم، المهم أن الدفع لا يعمل.',
    '我叫了三次客服都没人接。',
    '我叫外卖的时候应用闪退了。',
    '私は学生です。割引はありますか？',
    '私は毎日このアプリを使っていますが、同期が遅いです。',
    'I am 很满意 with the app',
    'I am מרוצה מהאפליקציה',
    'I am غير راض عن الخدمة',
  ];
  for (const text of lookAlikes) {
    it(`given the look-alike "${text}", when detecting, then finds nothing`, () => {
      expect(found(text, detectIntroducedNames(text))).to.deep.equal([]);
    });
  }
});
