/**
 * The Spanish tax id's check (docs/rules.md#the-bill): a NIF is a DNI (8 digits and a letter), a NIE (X, Y or Z,
 * 7 digits and a letter) or a company's NIF (a letter, 7 digits and a check digit or letter). The editor says when a
 * typed NIF fails its check; the confirmation by an admin stays the act that makes receipts join the chain.
 */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const COMPANY_LETTERS = 'JABCDEFGHI';

/** Upper case without spaces, dots or dashes: «b-46.123.451» → «B46123451». */
export const normalizeTaxId = (text: string): string => text.toUpperCase().replace(/[\s.-]/g, '');

export function isValidSpanishTaxId(text: string): boolean {
  const id = normalizeTaxId(text);
  const person = /^([XYZ]|\d)(\d{7})([A-Z])$/.exec(id);
  if (person) {
    const first = 'XYZ'.indexOf(person[1]!);
    const number = Number(`${first >= 0 ? first : person[1]}${person[2]}`);
    return DNI_LETTERS[number % 23] === person[3];
  }
  const company = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!company) return false;
  const digits = [...company[2]!].map(Number);
  let sum = 0;
  digits.forEach((d, i) => {
    if (i % 2 === 1) sum += d;
    else sum += Math.floor((2 * d) / 10) + ((2 * d) % 10);
  });
  const control = (10 - (sum % 10)) % 10;
  const check = company[3]!;
  const letterOnly = 'NPQRSW'.includes(company[1]!);
  const digitOnly = 'ABEH'.includes(company[1]!);
  if (/\d/.test(check)) return !letterOnly && Number(check) === control;
  return !digitOnly && COMPANY_LETTERS[control] === check;
}
