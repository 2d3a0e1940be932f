/**
 * The utilities whose bills prove an address in Nigeria: the eleven electricity distribution
 * companies (and Aba Power, licensed apart), the state water boards, Lagos's waste authority and
 * the pay-TV operators. The bill reader looks for each one's names and short forms in the text;
 * the evaluation set draws bills of the same companies.
 */
export interface BillIssuer {
  /** How the job page names it. */
  name: string;
  /** Words printed on its bills, lower case; any one found in the text names the issuer. */
  aliases: readonly string[];
}

export const billIssuers: readonly BillIssuer[] = [
  { name: 'Ikeja Electric', aliases: ['ikeja electric', 'ikedc'] },
  {
    name: 'Eko Electricity Distribution',
    aliases: ['eko electricity', 'eko electric', 'ekedc', 'eko disco'],
  },
  {
    name: 'Abuja Electricity Distribution',
    aliases: ['abuja electricity', 'abuja electric', 'aedc'],
  },
  {
    name: 'Ibadan Electricity Distribution',
    aliases: ['ibadan electricity', 'ibadan electric', 'ibedc'],
  },
  {
    name: 'Enugu Electricity Distribution',
    aliases: ['enugu electricity', 'enugu electric', 'eedc'],
  },
  {
    name: 'Port Harcourt Electricity Distribution',
    aliases: ['port harcourt electricity', 'port harcourt electric', 'phed', 'phedc'],
  },
  {
    name: 'Benin Electricity Distribution',
    aliases: ['benin electricity', 'benin electric', 'bedc'],
  },
  { name: 'Jos Electricity Distribution', aliases: ['jos electricity', 'jos electric', 'jedc'] },
  { name: 'Kaduna Electric', aliases: ['kaduna electric', 'kaedco', 'kaduna electricity'] },
  {
    name: 'Kano Electricity Distribution',
    aliases: ['kano electricity', 'kano electric', 'kedco'],
  },
  { name: 'Yola Electricity Distribution', aliases: ['yola electricity', 'yola electric', 'yedc'] },
  { name: 'Aba Power', aliases: ['aba power', 'aple'] },
  { name: 'Lagos Water Corporation', aliases: ['lagos water', 'lwc'] },
  { name: 'Water board', aliases: ['water board', 'water corporation', 'water and sewerage'] },
  { name: 'LAWMA', aliases: ['lawma', 'waste management authority'] },
  { name: 'DStv', aliases: ['dstv', 'multichoice'] },
  { name: 'GOtv', aliases: ['gotv'] },
];
