/**
 * requestState protection side by side: four tools with the same flow (`{ amount }` in, a `confirm` form, result
 * "Approved payment of <amount> ...") where the amount in the result is read FROM THE STATE:
 *
 * - `approve_payment_signed`      SDK HMAC codec (readable `v1.` token), TTL 600 s, bound to tool + arguments.
 * - `approve_payment_sealed`      AES-256-GCM, opaque base64url, bound to tool + arguments (GCM additional data).
 * - `approve_payment_unprotected` plain base64url JSON `{"amount":...,"approved_by":...}`, trusted as-is:
 *                                 editing it changes the approved amount. Deliberately unsafe.
 * - `approve_payment_short_ttl`   signed with a short TTL (5 s by default) to show expiry.
 *
 * Any signed/sealed verification failure (tamper, expiry, other tool or other arguments) is answered by the SDK
 * seam with the frozen `-32602 "Invalid or expired requestState"`.
 */
import { inputRequired, inputResponse, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import type { StateMode } from '../state.ts';
import { errorResult, textResult, type ScenarioContext } from './context.ts';

interface PaymentState {
  amount: number;
  approved_by: string;
  expires_at?: string;
}

type Variant = 'signed' | 'sealed' | 'unprotected' | 'short_ttl';

const MODES: Record<Variant, StateMode> = {
  signed: 'signed',
  sealed: 'sealed',
  unprotected: 'none',
  short_ttl: 'signed',
};

const DESCRIPTIONS: Record<Variant, string> = {
  signed:
    'requestState signed with the SDK HMAC codec (readable, tamper-evident), TTL 600 s, bound to tool + arguments.',
  sealed: 'requestState sealed with AES-256-GCM (opaque base64url), bound to tool + arguments.',
  unprotected:
    'requestState is plain base64url JSON {"amount","approved_by"} that the tool TRUSTS: editing it changes the approved amount. Unsafe on purpose.',
  short_ttl: 'requestState signed with a short TTL (5 s by default): retry after it expires to see the -32602 error.',
};

export function register(server: McpServer, ctx: ScenarioContext): void {
  for (const variant of Object.keys(MODES) as Variant[]) {
    const toolName = `approve_payment_${variant}`;
    ctx.state.protectTool(toolName, MODES[variant]);

    const mint = async (payload: PaymentState, sctx: ServerContext): Promise<string> => {
      switch (variant) {
        case 'signed':
          return ctx.state.mintSigned(payload, sctx);
        case 'short_ttl':
          return ctx.state.mintSigned(payload, sctx, { ttlSeconds: ctx.state.shortTtlSeconds });
        case 'sealed':
          return ctx.state.mintSealed(payload, sctx);
        case 'unprotected':
          return ctx.state.encodePlain(payload);
      }
    };

    /** `'malformed'` only for the unprotected variant (the seam already refused bad signed/sealed state). */
    const readState = (sctx: ServerContext): PaymentState | undefined | 'malformed' => {
      const value = sctx.mcpReq.requestState<unknown>();
      if (value === undefined) return undefined;
      if (variant !== 'unprotected') return value as PaymentState; // already verified and decoded by the seam
      const decoded = typeof value === 'string' ? ctx.state.decodePlain<Partial<PaymentState>>(value) : undefined;
      if (!decoded || typeof decoded.amount !== 'number') return 'malformed';
      return { amount: decoded.amount, approved_by: String(decoded.approved_by ?? 'unknown') };
    };

    server.registerTool(
      toolName,
      {
        title: `Approve payment (${variant.replace('_', ' ')} state)`,
        description: DESCRIPTIONS[variant],
        inputSchema: z.object({ amount: z.number().positive().default(120).meta({ title: 'Amount (EUR)' }) }),
      },
      async ({ amount }, sctx) => {
        const state = readState(sctx);
        if (state === 'malformed') {
          return errorResult(
            'Malformed requestState: approve_payment_unprotected expects base64url JSON {"amount":number,"approved_by":string}.',
          );
        }
        const answer = inputResponse(sctx.mcpReq.inputResponses, 'confirm');
        if (state === undefined || answer.kind !== 'elicit') {
          const ttl = variant === 'short_ttl' ? ctx.state.shortTtlSeconds : undefined;
          const expiresAt = ttl !== undefined ? new Date(Date.now() + ttl * 1000).toISOString() : undefined;
          const payload: PaymentState = {
            amount,
            approved_by: 'mrtr-mock',
            ...(expiresAt ? { expires_at: expiresAt } : {}),
          };
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                mode: 'form',
                message:
                  `Approve a payment of ${amount} EUR?` +
                  (ttl !== undefined ? ` This request's state expires in ${ttl} s (at ${expiresAt}).` : ''),
                requestedSchema: {
                  type: 'object',
                  properties: {
                    confirm: { type: 'boolean', title: 'Approve this payment', default: false },
                    note: { type: 'string', title: 'Note for the ledger', maxLength: 140 },
                  },
                  required: ['confirm'],
                },
              }),
            },
            requestState: await mint(payload, sctx),
          });
        }

        if (answer.action !== 'accept') {
          return errorResult(`Payment of ${state.amount} EUR not approved: the user chose ${answer.action}.`);
        }
        if (answer.content?.confirm !== true) {
          return errorResult(`Payment of ${state.amount} EUR not approved: "Approve this payment" was left unchecked.`);
        }
        const note =
          typeof answer.content.note === 'string' && answer.content.note ? `, note "${answer.content.note}"` : '';
        const mismatch =
          state.amount !== amount
            ? ` WARNING: the call asked for ${amount} EUR; the amount came from the requestState.`
            : '';
        return textResult(
          `Approved payment of ${state.amount} EUR (approved_by ${state.approved_by}, state ${variant.replace('_', ' ')}${note}).${mismatch}`,
        );
      },
    );
  }
}
