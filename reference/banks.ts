/**
 * Nigerian banks an agent can be paid into, with the codes their NUBAN check digit is computed
 * from (reference/nuban.ts): the CBN's 3-digit codes for deposit money banks, and the 5- or 6-digit
 * institution codes of microfinance and payment service banks (CBN NUBAN revision of 2018/2020).
 * Shared by the API (validation, `GET /banks`) and the application form.
 */
export interface Bank {
  code: string;
  name: string;
}

export const banks: readonly Bank[] = [
  // Commercial banks
  { code: '044', name: 'Access Bank' },
  { code: '023', name: 'Citibank Nigeria' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '070', name: 'Fidelity Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '214', name: 'First City Monument Bank (FCMB)' },
  { code: '103', name: 'Globus Bank' },
  { code: '058', name: 'Guaranty Trust Bank (GTBank)' },
  { code: '082', name: 'Keystone Bank' },
  { code: '107', name: 'Optimus Bank' },
  { code: '076', name: 'Polaris Bank' },
  { code: '105', name: 'PremiumTrust Bank' },
  { code: '101', name: 'Providus Bank' },
  { code: '106', name: 'Signature Bank' },
  { code: '221', name: 'Stanbic IBTC Bank' },
  { code: '068', name: 'Standard Chartered Bank' },
  { code: '232', name: 'Sterling Bank' },
  { code: '100', name: 'SunTrust Bank' },
  { code: '102', name: 'Titan Trust Bank' },
  { code: '032', name: 'Union Bank of Nigeria' },
  { code: '033', name: 'United Bank for Africa (UBA)' },
  { code: '215', name: 'Unity Bank' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
  // Merchant banks
  { code: '559', name: 'Coronation Merchant Bank' },
  { code: '060', name: 'FBNQuest Merchant Bank' },
  { code: '501', name: 'FSDH Merchant Bank' },
  { code: '562', name: 'Greenwich Merchant Bank' },
  { code: '561', name: 'Nova Merchant Bank' },
  { code: '502', name: 'Rand Merchant Bank' },
  // Non-interest banks
  { code: '301', name: 'Jaiz Bank' },
  { code: '303', name: 'Lotus Bank' },
  { code: '302', name: 'TAJBank' },
  // Microfinance banks
  { code: '50211', name: 'Kuda Microfinance Bank' },
  { code: '50515', name: 'Moniepoint Microfinance Bank' },
  { code: '51318', name: 'FairMoney Microfinance Bank' },
  { code: '565', name: 'Carbon' },
  { code: '566', name: 'VFD Microfinance Bank' },
  { code: '51310', name: 'Sparkle Microfinance Bank' },
  // Payment service banks and mobile money operators
  { code: '120001', name: '9 Payment Service Bank (9PSB)' },
  { code: '120004', name: 'Airtel Smartcash PSB' },
  { code: '120002', name: 'HopePSB' },
  { code: '120003', name: 'MoMo PSB (MTN)' },
  { code: '999992', name: 'OPay' },
  { code: '999991', name: 'PalmPay' },
  { code: '100002', name: 'Paga' },
];

const byCode = new Map(banks.map((b) => [b.code, b]));

export const findBank = (code: string): Bank | undefined => byCode.get(code);
