import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function DashboardScreen() {
  return <ScreenPlaceholder title="Dashboard" />;
}
