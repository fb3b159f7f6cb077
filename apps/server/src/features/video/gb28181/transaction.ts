import type { SipMessage } from './message.ts';
import type { Peer } from './transport.ts';

/**
 * Client transactions of the requests this agent sends (RFC 3261 §17.1.2, non-INVITE): on UDP the
 * request is retransmitted at Timer E (T1, doubling, capped at T2) until a response comes or
 * Timer F (64·T1) ends it; on TCP it is sent once and only Timer F runs. INVITE uses the same
 * timers as A and B; a provisional response stops its retransmissions. The number of sends is
 * bounded (at most F/T1).
 */

export const T1_MS = 500;
export const T2_MS = 4000;

export class TransactionTimeout extends Error {}

interface Pending {
  peer: Peer;
  resolve(res: SipMessage): void;
  reject(err: Error): void;
  timers: NodeJS.Timeout[];
}

export class ClientTransactions {
  private readonly pending = new Map<string, Pending>();
  private readonly send: (peer: Peer, msg: SipMessage) => void;
  private readonly t1: number;
  constructor(send: (peer: Peer, msg: SipMessage) => void, t1 = T1_MS) {
    this.send = send;
    this.t1 = t1;
  }

  /** Sends `msg` (whose top Via has `branch`) and resolves with its final response. */
  request(peer: Peer, msg: SipMessage, branch: string, timeoutMs = 64 * this.t1): Promise<SipMessage> {
    return new Promise((resolve, reject) => {
      const p: Pending = { peer, resolve, reject, timers: [] };
      this.pending.set(branch, p);
      const finish = () => {
        for (const t of p.timers) clearTimeout(t);
        this.pending.delete(branch);
      };
      p.resolve = (res) => {
        finish();
        resolve(res);
      };
      p.reject = (err) => {
        finish();
        reject(err);
      };
      this.send(peer, msg);
      if (peer.transport === 'UDP') {
        let interval = this.t1;
        const again = () => {
          if (!this.pending.has(branch)) return;
          this.send(peer, msg);
          interval = Math.min(interval * 2, T2_MS);
          p.timers[0] = setTimeout(again, interval);
        };
        p.timers[0] = setTimeout(again, interval);
      }
      p.timers[1] = setTimeout(
        () => p.reject(new TransactionTimeout(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
  }

  /** A response arrived: true when it belonged to a transaction of ours. */
  response(branch: string, res: SipMessage): boolean {
    const p = this.pending.get(branch);
    if (!p) return false;
    if ((res.status ?? 0) >= 200) p.resolve(res);
    // An INVITE's provisional answer ends its retransmissions (§17.1.1.2, Timer A); Timer B stays.
    else clearTimeout(p.timers[0]);
    return true;
  }

  /** Fails the transactions to a peer that cannot be reached (bounded by the pending ones). */
  failPeer(peer: Peer, err: Error): void {
    for (const p of [...this.pending.values()])
      if (p.peer.transport === peer.transport && p.peer.address === peer.address && p.peer.port === peer.port)
        p.reject(err);
  }

  /** Ends every transaction (the agent stops). */
  closeAll(): void {
    for (const p of [...this.pending.values()]) p.reject(new TransactionTimeout('agent stopped'));
  }
}
