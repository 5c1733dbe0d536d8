import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function UploadScreen() {
  return <ScreenPlaceholder title="Upload Manager" />;
}
