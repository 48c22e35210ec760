/**
 * Images a venue's manager uploads for its menu (`POST /api/venues/{id}/media`): the messages the API
 * answers with (problem `detail`, field errors), which the menu editor may show as they are.
 */
import { MANAGE_LIMITS } from './manage.ts';

const MAX_MB = MANAGE_LIMITS.mediaMaxBytes / (1024 * 1024);

export const MEDIA_MESSAGES = {
  managerOnly: 'Solo quien gestiona el local puede subir imágenes.',
  notMultipart: 'Envía la imagen como formulario multipart con el campo «file».',
  formUnreadable: 'El formulario enviado no se puede leer.',
  fileMissing: 'Falta la imagen: envíala en el campo «file».',
  fileMissingField: 'Elige una imagen',
  tooLarge: `La imagen supera el máximo de ${MAX_MB} MB. Redúcela o expórtala con más compresión.`,
  unsupported: 'Formato de imagen no admitido: sube una foto JPEG, PNG, WebP o AVIF.',
  damaged: 'No hemos podido leer la imagen: el archivo parece dañado.',
  tooManyPixels: (megapixels: number, maxMegapixels: number) =>
    `La imagen tiene ${megapixels} megapíxeles; el máximo es ${maxMegapixels}. Redúcela antes de subirla (una foto de menú no necesita más de 2000 píxeles de ancho).`,
  notConverted: 'No hemos podido convertir la imagen: prueba con otra foto JPEG o PNG.',
  notFound: 'Imagen no encontrada.',
  busy: 'Estamos procesando muchas imágenes a la vez. Vuelve a intentarlo en unos segundos: no se ha guardado nada.',
} as const;
