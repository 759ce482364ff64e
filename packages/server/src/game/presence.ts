import { SEATS, bySeat, type BySeat, type Seat } from '@nardy/engine';

/**
 * Who is connected, per seat (a player may have several sockets: a seat is connected while any is open).
 * A disconnected player's clock keeps running. After `graceMs` without a connection the seat is
 * **abandoned**: its opponent may claim the game (the actor's `claim` command). The grace is per
 * disconnection and starts again on every new disconnection; a seat that never connects is absent from
 * the moment the game is created. Bot seats are always present.
 */
export const DEFAULT_RECONNECT_GRACE_MS = 60_000;

interface SeatPresence {
  readonly alwaysPresent: boolean;
  connections: number;
  /** When the seat lost its last connection (or the game began without it); null while connected. */
  absentSince: number | null;
}

export class Presence {
  private readonly seats: BySeat<SeatPresence>;

  constructor(
    readonly graceMs: number,
    now: number,
    bots: BySeat<boolean>,
  ) {
    const one = (bot: boolean): SeatPresence => ({ alwaysPresent: bot, connections: 0, absentSince: bot ? null : now });
    this.seats = bySeat(one(bots.p1), one(bots.p2));
  }

  /** A connection for `seat` opened; true when the seat was absent (it has come back). */
  connect(seat: Seat): boolean {
    const s = this.seats[seat];
    s.connections++;
    const back = s.absentSince !== null;
    s.absentSince = null;
    return back && !s.alwaysPresent;
  }

  /** A connection closed; true when it was the seat's last (the grace starts now). */
  disconnect(seat: Seat, now: number): boolean {
    const s = this.seats[seat];
    if (s.alwaysPresent || s.connections === 0) return false;
    s.connections--;
    if (s.connections > 0) return false;
    s.absentSince = now;
    return true;
  }

  connected(seat: Seat): boolean {
    const s = this.seats[seat];
    return s.alwaysPresent || s.connections > 0;
  }

  /** When the seat's grace ends (it may be claimed from then on), or null while it is present. */
  claimableAt(seat: Seat): number | null {
    const s = this.seats[seat];
    return s.alwaysPresent || s.absentSince === null ? null : s.absentSince + this.graceMs;
  }

  /** Whether `seat` has been away longer than the grace at `now`. */
  abandoned(seat: Seat, now: number): boolean {
    const at = this.claimableAt(seat);
    return at !== null && now >= at;
  }

  /** Seats whose grace is running, with when it ends. */
  pending(): Array<{ seat: Seat; at: number }> {
    const out: Array<{ seat: Seat; at: number }> = [];
    for (const seat of SEATS) {
      const at = this.claimableAt(seat);
      if (at !== null) out.push({ seat, at });
    }
    return out;
  }
}
