import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function AlbumsScreen() {
  return <ScreenPlaceholder title="Albums Management" />;
}
