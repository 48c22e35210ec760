/**
 * The staff feature's public module (docs/architecture.md#layout): the venue's board stream,
 * which the kitchen display follows too.
 */
export { followBoardStream } from './feed.ts';
