/** Small helpers that append the core's effects; one place that shapes each effect. */
import { AnnouncementKind, ClockEffect } from './clock-types';
import { LogKind } from './game-log';
import { Side } from './side';

export function logTo(out: ClockEffect[], atMs: number, side: Side | null, kind: LogKind, text: string): void {
  out.push({ type: 'log', entry: { atMs: atMs, side: side, kind: kind, text: text } });
}

export function announce(out: ClockEffect[], atMs: number, side: Side, text: string, kind: AnnouncementKind): void {
  out.push({ type: 'announce', atMs: atMs, side: side, text: text, kind: kind });
}
