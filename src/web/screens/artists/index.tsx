import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ArtistsScreen() {
  return <ScreenPlaceholder title="Artists Management" />;
}
