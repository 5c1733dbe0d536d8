import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function PlaylistsScreen() {
  return <ScreenPlaceholder title="Playlists Management" />;
}
