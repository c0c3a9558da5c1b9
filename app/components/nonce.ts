// The CSP nonce of this response (set by the server in entry.server.tsx): every inline script the
// document carries must bear it. In the browser it is never needed again, so it reads as ''.
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string>('');

export const useNonce = (): string => useContext(NonceContext);
