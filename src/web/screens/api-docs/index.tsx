import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ApiDocsScreen() {
  return <ScreenPlaceholder title="API Documentation" />;
}
