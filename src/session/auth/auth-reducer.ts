import { INITIAL_AUTH, type AuthEvent, type AuthFlowState } from './auth-model.ts';

/** The authorization flow's reducer: events in, state out (like the leg reducer). */
export function reduceAuth(state: AuthFlowState, event: AuthEvent): AuthFlowState {
  switch (event.type) {
    case 'auth/started': {
      // a new flow for another server forgets the old one's scopes, counters and tokens (they were issued for it)
      const same = state.serverUrl === event.serverUrl;
      return {
        ...state,
        tokens: same ? state.tokens : null,
        phase: 'running',
        serverUrl: event.serverUrl,
        failure: null,
        requestedScopes: same ? state.requestedScopes : [],
        authorizationsWithoutSuccess: same ? state.authorizationsWithoutSuccess : 0,
      };
    }
    case 'auth/step':
      return { ...state, steps: [...state.steps, event.step] };
    case 'auth/step-updated':
      return { ...state, steps: state.steps.map((s) => (s.id === event.id ? { ...s, ...event.patch } : s)) };
    case 'auth/finding':
      return {
        ...state,
        steps: state.steps.map((s) => (s.id === event.id ? { ...s, findings: [...s.findings, event.finding] } : s)),
      };
    case 'auth/waiting-for-browser':
      return { ...state, phase: 'waiting-for-browser' };
    case 'auth/scopes-requested':
      return {
        ...state,
        requestedScopes: event.scopes,
        authorizationsWithoutSuccess: state.authorizationsWithoutSuccess + 1,
      };
    case 'auth/tokens':
      return { ...state, phase: 'signed-in', tokens: event.tokens, failure: null };
    case 'auth/failed':
      return { ...state, phase: 'failed', failure: event.failure };
    case 'auth/stopped':
      return { ...state, phase: 'stopped', failure: event.failure };
    case 'auth/request-accepted':
      return state.authorizationsWithoutSuccess === 0 ? state : { ...state, authorizationsWithoutSuccess: 0 };
    case 'auth/signed-out':
      return { ...INITIAL_AUTH, steps: state.steps };
    case 'auth/restored':
      return { ...INITIAL_AUTH, phase: 'signed-in', serverUrl: event.serverUrl, tokens: event.tokens };
  }
}
