import { HomeScreen } from './home-screen';

export default function RecentScreen() {
  return <HomeScreen focus="recent" />;
}
