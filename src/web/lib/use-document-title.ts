import { useEffect } from 'react';

export const APP_NAME = 'Nazenk';

/** Names the current screen in the browser tab and history: "Playlists · Nazenk". */
export function useDocumentTitle(screen: string | null) {
  useEffect(() => {
    document.title = screen ? `${screen} · ${APP_NAME}` : APP_NAME;
  }, [screen]);
}
