/** Money formatting lives in src/contract/money-format.ts (the API words its messages with it too). */
export { currencyDigits, formatMoney, minorToDecimalString } from '../contract/money-format.ts';
