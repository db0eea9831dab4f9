/** The runtime's in-memory log, packed: the format is the journal's too, so it lives with it (storage/packed-log.ts). */
export { keepPacked, packedAtMs, packedStart, packLogEntry, unpackLog, unpackLogEntry } from '../storage/packed-log';
