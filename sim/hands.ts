/**
 * Scripts of raw button edges, as a person's hands make them: taps, long holds and both buttons together, each
 * starting where the last one ended. They become scenario events ({type: "button"}) for the scripted simulator.
 */
export type Button = 'left' | 'right';

export interface Edge {
  atMs: number;
  type: 'button';
  button: Button;
  down: boolean;
}

/** One person-sized action, and how long it takes at 300 ms per action (a hold counts its own length). */
export interface Action {
  name: string;
  ms: number;
}

export const ACTION_MS = 300;

export class Hands {
  events: Edge[] = [];
  actions: Action[] = [];
  constructor(public atMs = 0) {}

  private edge(button: Button, down: boolean): void {
    this.events.push({ atMs: this.atMs, type: 'button', button: button, down: down });
  }

  /** Waits (nobody touches the clock). */
  wait(ms: number): this {
    this.atMs += ms;
    return this;
  }

  /** A press of `holdMs`, then a pause before the next action (300 ms per action in all). */
  tap(button: Button, holdMs = 100): this {
    this.edge(button, true);
    this.atMs += holdMs;
    this.edge(button, false);
    this.atMs += Math.max(0, ACTION_MS - holdMs);
    this.actions.push({ name: button === 'left' ? 'Left' : 'Right', ms: Math.max(ACTION_MS, holdMs) });
    return this;
  }

  /** Both buttons held together for `holdMs` (the second goes down 20 ms after the first). */
  both(holdMs: number): this {
    const start = this.atMs;
    this.edge('left', true);
    this.atMs += 20;
    this.edge('right', true);
    this.atMs += holdMs;
    this.edge('left', false);
    this.atMs += 10;
    this.edge('right', false);
    this.atMs += ACTION_MS;
    const ms = Math.ceil((this.atMs - start - ACTION_MS) / ACTION_MS) * ACTION_MS;
    this.actions.push({ name: 'Both ' + holdMs / 1000 + ' s', ms: ms });
    return this;
  }

  /** Seconds the actions take at 300 ms per action (a hold counts its own length, rounded up to 300 ms). */
  seconds(): number {
    return this.actions.reduce((sum, a) => sum + a.ms, 0) / 1000;
  }
}
