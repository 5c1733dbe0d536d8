import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function BannersScreen() {
  return <ScreenPlaceholder title="Banner Management" />;
}
