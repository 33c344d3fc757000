/**
 * The in-memory registry of `sign_in`'s consent flows (URL-mode elicitation). Process-wide (`sharedConsentFlows`) so
 * that every main-endpoint instance in the process (`/mcp` and the fleet instances) sees the same approvals. The
 * consent pages that approve a flow are `consent.ts`.
 */
import { randomBytes, toBase64Url } from './portable/portable-bytes.ts';

const MAX_FLOWS = 2000;
const FLOW_LIFETIME_MS = 60 * 60 * 1000;

export interface ConsentFlow {
  id: string;
  createdAt: number;
  approvedAt?: number;
}

export class ConsentFlows {
  private readonly flows = new Map<string, ConsentFlow>();

  /** Starts a new pending flow and returns its id (22 url-safe characters). */
  create(): string {
    this.prune();
    const id = toBase64Url(randomBytes(16));
    this.flows.set(id, { id, createdAt: Date.now() });
    return id;
  }

  get(id: string): ConsentFlow | undefined {
    const flow = this.flows.get(id);
    if (flow && Date.now() - flow.createdAt > FLOW_LIFETIME_MS) {
      this.flows.delete(id);
      return undefined;
    }
    return flow;
  }

  isApproved(id: string): boolean {
    return this.get(id)?.approvedAt !== undefined;
  }

  /** Approves one flow; returns false when the id is unknown. */
  approve(id: string): boolean {
    const flow = this.get(id);
    if (!flow) return false;
    flow.approvedAt ??= Date.now();
    return true;
  }

  get size(): number {
    return this.flows.size;
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, flow] of this.flows) {
      if (now - flow.createdAt > FLOW_LIFETIME_MS) this.flows.delete(id);
    }
    while (this.flows.size >= MAX_FLOWS) {
      const oldest = this.flows.keys().next().value;
      if (oldest === undefined) break;
      this.flows.delete(oldest);
    }
  }
}

/** The registry every main-endpoint instance in this process uses unless told otherwise. */
export const sharedConsentFlows = new ConsentFlows();
