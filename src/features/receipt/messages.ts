/**
 * The receipt page's words (docs/architecture.md#languages): Spanish here, the others in src/i18n/{lang}.json.
 * What Spanish law wants in Spanish on a receipt of a venue in Spain («Factura simplificada», «IVA incluido»,
 * the VERI*FACTU mention) stays in Spanish there, with the page's translation beside it (`LEGAL_ES`,
 * docs/rules.md#the-bill).
 */
import { BILL_STRINGS } from '../../contract/bill.ts';
import { REFUND_STRINGS } from '../../contract/refund.ts';
import { messages, params } from '../../lib/i18n.ts';

/** The legal words of a receipt of a venue in Spain, in Spanish whatever the page's language. */
export const LEGAL_ES = {
  title: BILL_STRINGS.receiptTitle,
  vat: 'IVA',
  amountWithTax: 'Importe (IVA incluido)',
  verifiable: BILL_STRINGS.verifiable,
  rectifyingTitle: REFUND_STRINGS.title,
  rectifies: REFUND_STRINGS.rectifies,
} as const;

export const receiptMessages = messages('receipt', {
  pageTitle: 'Recibo',
  pageDescription: 'Tu factura simplificada, para ver, imprimir o compartir.',
  titleOf: params('Recibo {number}'),
  /** «Factura simplificada» in the page's language. */
  title: BILL_STRINGS.receiptTitle,
  number: 'Número',
  date: 'Fecha',
  table: 'Mesa',
  order: 'Pedido',
  lines: 'Conceptos',
  quantity: 'Ud.',
  item: 'Concepto',
  /** A set menu's dishes, listed under its line. */
  choicesOf: params('Platos de {name}'),
  amount: 'Importe',
  taxesCaption: 'Impuestos por tipo',
  /** The tax's name where it is not Spanish IVA. */
  tax: 'Impuesto',
  /** Spanish IVA in the page's language (VAT, TVA, MwSt.…). */
  vat: 'IVA',
  base: 'Base imponible',
  taxAmount: 'Cuota',
  total: 'Total',
  amountWithTax: params('Importe ({tax} incluido)'),
  tip: 'Propina',
  method: 'Forma de pago',
  card: 'Tarjeta',
  cash: 'Efectivo',
  bizum: 'Bizum',
  verification: 'Verificación en la AEAT',
  verifiable: BILL_STRINGS.verifiable,
  qrAlt: params('Código QR de verificación en la AEAT de la factura {number}'),
  print: 'Imprimir',
  share: 'Compartir',
  copied: 'Enlace copiado.',
  copyThis: params('Copia este enlace: {url}'),
  notFoundTitle: 'Recibo no encontrado',
  notFound: 'Ese recibo no existe. Revisa el enlace que te dieron.',
  retry: 'Reintentar',
  loading: 'Cargando el recibo…',
  shareOfBill: params('Parte de la cuenta · Mesa {table}'),
  deliveryFee: 'Envío',
  /** A rectifying receipt (docs/rules.md#refunds): «Factura rectificativa» in the page's language. */
  rectifyingTitle: REFUND_STRINGS.title,
  rectifies: REFUND_STRINGS.rectifies,
  rectifiedOn: params('{number}, del {date}'),
  reason: REFUND_STRINGS.reason,
  refundLine: params('Devolución de {number}'),
  rectifiedBy: REFUND_STRINGS.rectifiedBy,
});
