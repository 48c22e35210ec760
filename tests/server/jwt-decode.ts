/** The claims of an access token, unverified (tests read `sub` and `scope`). */
export function decodeJwt(token: string): { sub: string; scope: string[]; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
    scope: string[];
    exp: number;
  };
}
