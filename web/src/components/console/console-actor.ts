import type { AdminActor } from '@parley/core';
import { createContext, useContext } from 'react';

/** Who the console is open for, given by its layout to every section (a section hides what its admin may not do to themselves). */
export const ConsoleActorContext = createContext<AdminActor>({ kind: 'operator' });

export const useConsoleActor = () => useContext(ConsoleActorContext);
