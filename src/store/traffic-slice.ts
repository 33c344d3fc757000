import type { StateCreator } from 'zustand';
import type { Exchange } from '../protocol/exchange.ts';
import { appendConnectionLeg, connectionLeg } from '../session/connection-traffic.ts';
import type { Leg } from '../session/model.ts';
import type { InspectorState } from './inspector-store.ts';

/** What a connection sent by itself: discover or initialize, the lists, failed connects (see connection-traffic.ts). */
export interface TrafficSlice {
  /** connection requests as legs, oldest first; memory only (never saved, exported or shared); default none */
  connectionLegs: Leg[];
  /** how many connection legs were ever recorded (gives each a unique id); default 0 */
  connectionLegCount: number;
  /** the Timeline lists the Connection conversation; default false (filtered out, with a count of hidden legs) */
  showConnectionTraffic: boolean;
  /** record one HTTP exchange a connection made (`method`: server/discover, tools/list, initialize, …) */
  recordConnectionExchange: (method: string, exchange: Exchange) => void;
  setShowConnectionTraffic: (show: boolean) => void;
}

export const createTrafficSlice: StateCreator<InspectorState, [], [], TrafficSlice> = (set) => ({
  connectionLegs: [],
  connectionLegCount: 0,
  showConnectionTraffic: false,
  recordConnectionExchange: (method, exchange) =>
    set((s) => {
      const n = s.connectionLegCount + 1;
      return {
        connectionLegCount: n,
        connectionLegs: appendConnectionLeg(s.connectionLegs, connectionLeg(method, exchange, n)),
      };
    }),
  setShowConnectionTraffic: (showConnectionTraffic) => set({ showConnectionTraffic }),
});
