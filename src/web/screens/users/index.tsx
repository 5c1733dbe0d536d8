import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function UsersScreen() {
  return <ScreenPlaceholder title="User Management" />;
}
