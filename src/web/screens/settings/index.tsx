import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function SettingsScreen() {
  return <ScreenPlaceholder title="App Settings" />;
}
