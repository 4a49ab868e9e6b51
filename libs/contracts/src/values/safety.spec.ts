import { describe, expect, it } from '@jest/globals';
import { autoReportReason, type ScamFlag, safetyTip, scamFlags, scamRules } from './safety.js';

/** Each rule of the auto-flag list with a text it must flag and a near miss it must leave alone. */
const examples: Record<ScamFlag, { flags: string[]; passes: string[] }> = {
  fee: {
    flags: ['Pay the $50 registration fee to start', 'There is a small training fee', 'a fee of $30 for the kit'],
    passes: ['Our fee structure for clients is public', 'No fees, ever', 'Registration opens Monday'],
  },
  deposit: {
    flags: ['A refundable deposit secures your spot', 'Send a deposit of $200 first'],
    passes: ['Deposit the files in the shared folder', 'We deposit your stipend monthly'],
  },
  bank_details: {
    flags: ['Send me your bank details', 'What is your account number?', 'Your IBAN please'],
    passes: ['We bank on your creativity', 'Create an account on GitHub'],
  },
  gift_cards: {
    flags: ['Buy three gift cards', 'Pay with Apple cards', 'Amazon card codes'],
    passes: ['Design a gift shop card layout', 'Cards in the Trello board'],
  },
  wire_transfer: {
    flags: ['Make a wire transfer today', 'Use Western Union', 'send it via Zelle', 'pay us in bitcoin'],
    passes: ['Wire up the transfer screen', 'Send the crypto research summary'],
  },
  link_shortener: {
    flags: ['Start here: bit.ly/abc123', 'https://tinyurl.com/xyz'],
    passes: ['See https://github.com/projectory', 'bit.ly is a link shortener'],
  },
};

describe('the auto-flag rules', () => {
  it('has a positive and a negative example for every rule', () => {
    expect(Object.keys(examples).sort()).toEqual(scamRules.map((rule) => rule.id).sort());
  });

  for (const rule of scamRules) {
    it(`flags ${rule.id} where a scam would write it, and not the near misses`, () => {
      for (const text of examples[rule.id].flags) expect(scamFlags(text)).toContain(rule.id);
      for (const text of examples[rule.id].passes) expect(scamFlags(text)).not.toContain(rule.id);
    });
  }

  it('reads every text it is given, in the list order, and tips by what it found', () => {
    expect(scamFlags('Hello', null, 'Pay with gift cards at bit.ly/x')).toEqual(['gift_cards', 'link_shortener']);
    expect(scamFlags('A plain message')).toEqual([]);
    expect(safetyTip([])).toBeNull();
    expect(safetyTip(['link_shortener'])).toMatch(/shortened link/);
    expect(safetyTip(['fee', 'link_shortener'])).toMatch(/never ask you to pay/);
    expect(autoReportReason(['link_shortener'])).toBe('spam');
    expect(autoReportReason(['gift_cards'])).toBe('asks_for_money');
  });
});
