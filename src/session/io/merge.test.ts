import { describe, expect, it } from 'vitest';
import { emptySession } from '../model.ts';
import { mergeSessions, pickConversations } from './merge.ts';
import { parseSessionFile, serializeSessionFile, toSessionFile } from './session-file.ts';
import { testSession } from './session.fixtures.ts';
import { importOrigin } from './import-origin.ts';

const origin = { source: 'file' as const, name: 'orders.mrtr.json', at: 5 };

function counter() {
  let n = 0;
  return (prefix: string) => `${prefix}-new${++n}`;
}

describe('merging an imported session', () => {
  it('keeps ids and marks conversations as imported when the session is empty', () => {
    const { session, added } = mergeSessions(emptySession, testSession(), origin, counter());
    expect(added).toEqual(['c1', 'c3', 'c2']);
    expect(session.order).toEqual(['c1', 'c3', 'c2']);
    expect(importOrigin(session.conversations.c1!)).toEqual(origin);
    expect(Object.keys(session.legs).sort()).toEqual(['leg-1', 'leg-2', 'leg-3']);
  });

  it('adds nothing twice when the same conversations are already present', () => {
    const current = testSession();
    const { session, added, alreadyPresent } = mergeSessions(current, testSession(), origin, counter());
    expect(added).toEqual([]);
    expect(alreadyPresent).toEqual(['c1', 'c3', 'c2']);
    expect(session.conversations).toEqual(current.conversations);
  });

  it('rewrites every reference when ids collide with different conversations', () => {
    const current = testSession();
    const incoming = testSession();
    incoming.conversations.c1 = { ...incoming.conversations.c1!, legIds: ['leg-1'] }; // differs from current
    delete incoming.legs['leg-2'];
    incoming.conversations.c3 = { ...incoming.conversations.c3!, forkOf: { conversationId: 'c1', legId: 'leg-1' } };
    const { session, added } = mergeSessions(current, incoming, origin, counter());
    expect(added).toEqual(['conv-new1', 'conv-new2']);
    const c1 = session.conversations['conv-new1']!;
    const leg = session.legs[c1.legIds[0]!]!;
    expect(leg.conversationId).toBe('conv-new1');
    expect(leg.id).not.toBe('leg-1');
    const fork = session.conversations['conv-new2']!;
    expect(fork.forkOf).toEqual({ conversationId: 'conv-new1', legId: leg.id });
    expect(fork.draft?.afterLegId).toBe(leg.id);
    // the current session is untouched
    expect(session.conversations.c1).toBe(current.conversations.c1);
    expect(session.legs['leg-1']).toBe(current.legs['leg-1']);
  });

  it('brings along the parent conversation when a fork is picked', () => {
    const picked = pickConversations(testSession(), ['c3']);
    expect(picked.order).toEqual(['c1', 'c3']);
    expect(Object.keys(picked.legs).sort()).toEqual(['leg-1', 'leg-2']);
  });
});

describe('merging a session read back from a file', () => {
  it('recognises conversations already present when the file lists fields in another order', () => {
    const current = testSession();
    const parsed = parseSessionFile(serializeSessionFile(toSessionFile(current, { redacted: false, now: 0 })));
    if (!parsed.ok) throw new Error(parsed.error);
    const { added } = mergeSessions(current, parsed.session, origin, counter());
    expect(added).toEqual([]);
  });
});
