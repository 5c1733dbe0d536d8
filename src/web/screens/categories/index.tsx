import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function CategoriesScreen() {
  return <ScreenPlaceholder title="Categories Management" />;
}
