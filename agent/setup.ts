/**
 * What the print agent understands from its flags and what it says about them (agent/README.md): the API
 * base it was given (an origin is accepted too), the printers this machine maps to addresses of its own
 * (`--printer`), and the Spanish sentence for an answer at start-up that means something must be fixed.
 * Pure: agent/print-agent.ts does the work.
 */
import { PROBLEM_MESSAGES } from '../src/contract/problem.ts';

export interface ApiBase {
  /** The API base every path is appended to, without a trailing slash (`https://api.example.com/v1`). */
  base: string;
  /** What was understood, for the start-up line. */
  said: string;
}

/**
 * `--api`: the API base, the same as the site's `/config.json` `apiBase` (`https://api.example.com/v1`,
 * `http://127.0.0.1:4321/api`); an origin alone (`https://umenu.example.com`) means its `/api`.
 * Undefined when it is not an http(s) address.
 */
export function apiBaseOf(given: string): ApiBase | undefined {
  let url: URL;
  try {
    url = new URL(given.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.search = '';
  url.hash = '';
  const path = url.pathname.replace(/\/+$/, '');
  if (!path) {
    const base = `${url.origin}/api`;
    return { base, said: `${base} (se dio un origen, ${url.origin}: se usa su /api)` };
  }
  const base = `${url.origin}${path}`;
  return { base, said: `${base} (la dirección base de la API, como apiBase en /config.json)` };
}

/** A printer this machine reaches at an address of its own: `--printer cocina-1=127.0.0.1:9100`. */
export interface LocalPrinter {
  host: string;
  port: number;
}

/** `ID=HOST:PORT` (IPv6 in brackets: `ID=[fd00::5]:9100`) → [id, address]; undefined when malformed. */
export function localPrinterOf(flag: string): [string, LocalPrinter] | undefined {
  const match = /^([a-z0-9][a-z0-9_-]{0,39})=(\[[0-9a-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/i.exec(flag.trim());
  if (!match) return undefined;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return undefined;
  return [match[1]!, { host: match[2]!.replace(/^\[|\]$/g, ''), port }];
}

/** What the agent's first call answered, read as a problem (status, and the detail when it is a umenu problem). */
export interface FirstAnswer {
  status: number;
  detail?: string | undefined;
  /** The body is the print-job list this agent expects. */
  isJobList: boolean;
}

/**
 * The sentence that stops the agent at start-up, saying what to fix; undefined when the API, the token and
 * the venue are right.
 */
export function startProblem(answer: FirstAnswer, api: ApiBase, venueId: string): string | undefined {
  const fixApi = `Revisa --api: es la dirección base de la API, la misma que apiBase en /config.json del sitio (p. ej. https://api.example.com/v1 o http://127.0.0.1:4321/api).`;
  if (answer.status === 401) {
    return 'La API no acepta este token de impresión (revocado, o no es de este servidor). Crea uno nuevo en «Impresoras» del panel del local y pásalo con --token.';
  }
  if (answer.status === 403) {
    return `Este token de impresión es de otro local, no de «${venueId}». Revisa --venue, o crea un token para este local en «Impresoras» de su panel.`;
  }
  if (answer.status === 404 && answer.detail === PROBLEM_MESSAGES.venueNotFound(venueId.slice(0, 64))) {
    return `El local «${venueId}» no existe en esta API. Revisa --venue: es el id del local, el de su dirección (p. ej. taqueria-el-guero).`;
  }
  if (answer.status === 200 && answer.isJobList) return undefined;
  if (answer.status >= 500) return undefined; // the API is there but in trouble: the agent keeps trying
  return `No hay una API de umenu en ${api.base} (respondió ${answer.status} a la lista de trabajos de impresión). ${fixApi}`;
}
