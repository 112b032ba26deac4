import { create } from 'zustand';
import { createShellSlice } from './shell-slice';
import type { ShellSlice } from './shell-slice';

/** One bound store made of feature slices (zustand slices pattern); each feature owns its slice. */
export type AppState = ShellSlice;

export const useAppStore = create<AppState>()((...a) => ({
  ...createShellSlice(...a),
}));
