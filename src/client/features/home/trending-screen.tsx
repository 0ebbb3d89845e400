import { HomeScreen } from './home-screen';

export default function TrendingScreen() {
  return <HomeScreen focus="trending" />;
}
