import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function SongsScreen() {
  return <ScreenPlaceholder title="Songs Management" />;
}
